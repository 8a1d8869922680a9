"""French of the TRF import notes kept with a tournament (templates/_import_notes.html; see i18n/__init__.py)."""

from __future__ import annotations

FILES_FR: dict[str, str] = {
    "This tournament came from a team file; it is played as individual games.":
        "Ce tournoi vient d'un fichier par équipes ; il se joue en parties individuelles.",
    "%s warnings when the file %s was imported": "%s avertissements à l'import du fichier %s",
    "Everything was imported; each line below was read as explained. If a reading is wrong, correct the file in "
    "the program that wrote it and load it again.":
        "Tout a été importé ; chaque ligne ci-dessous a été lue comme expliqué. Si une lecture est fausse, corrigez "
        "le fichier dans le programme qui l'a écrit et chargez-le de nouveau.",
    "What was read": "Ce qui a été lu",
}
