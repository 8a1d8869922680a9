"""The compiled parts of Echiquier, beside pyproject.toml (which holds everything else), both of the Dutch engine: the
exact bracket matching (tournament/pairing/_blossom.c, used by tournament/pairing/blossom.py) and the pair table
without a dict per pair (tournament/pairing/_pairs.c, used by tournament/pairing/fast_table.py).

They are optional: where no C compiler is found the install goes on without them, and the pairing uses networkx's
matching and a dict per pair instead (the same pairings, slower). `pip install -e .` builds it in place; so does
`python setup.py build_ext --inplace`.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("tournament.pairing._blossom", sources=["tournament/pairing/_blossom.c"], optional=True),
                   Extension("tournament.pairing._pairs", sources=["tournament/pairing/_pairs.c"], optional=True)])
