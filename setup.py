"""The one compiled part of Echiquier, beside pyproject.toml (which holds everything else): the Dutch engine's exact
bracket matching in C (tournament/pairing/_blossom.c, used by tournament/pairing/blossom.py).

It is optional: where no C compiler is found the install goes on without it, and the pairing uses networkx's
matching instead (the same pairings, slower). `pip install -e .` builds it in place; so does
`python setup.py build_ext --inplace`.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("tournament.pairing._blossom", sources=["tournament/pairing/_blossom.c"],
                             optional=True)])
