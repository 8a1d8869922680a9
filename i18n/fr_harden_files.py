"""French for the event files' identity (database/base.py, database/registry.py): a file moved under the server."""

from __future__ import annotations

HARDEN_FILES_FR: dict[str, str] = {
    "Not saved: the event file %s was moved, deleted or replaced during this write. Reload the page and enter it "
    "again.": "Non enregistré : le fichier d'évènement %s a été déplacé, supprimé ou remplacé pendant cette écriture. "
              "Rechargez la page et saisissez à nouveau.",
    "Not saved: the event file %s was moved, deleted or replaced while the server was running. Nothing was "
    "changed; reload the page.": "Non enregistré : le fichier d'évènement %s a été déplacé, supprimé ou remplacé "
                                 "pendant que le serveur tournait. Rien n'a été modifié ; rechargez la page.",
}
