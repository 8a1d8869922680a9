"""French of the TRF re-sync and of the pairing-program import (see i18n/__init__.py)."""

from __future__ import annotations

RESYNC_FR: dict[str, str] = {
    # import reports (app/views/labels.py report_text)
    "round %s was paired differently in the TRF file, but the event file already has results for it: the event "
    "file's pairing was kept.":
        "la ronde %s est appariée autrement dans le fichier TRF, mais le fichier de l'évènement a déjà des "
        "résultats pour elle : l'appariement du fichier de l'évènement est gardé.",
    "round %s, No. %s - No. %s: the TRF file says %s, the event file says %s (kept).":
        "ronde %s, n° %s - n° %s : le fichier TRF indique %s, le fichier de l'évènement %s (gardé).",
    "Players no longer in the TRF file were kept: No. %s.":
        "Les joueur·euses absent·es du fichier TRF ont été gardé·es : n° %s.",
    "No. %s: the TRF file names %s, the event file %s (kept).":
        "N° %s : le fichier TRF nomme %s, le fichier de l'évènement %s (gardé).",
    "Without it, a TRF file re-syncs the tournament: new rounds are added and the results entered on screens "
    "are kept.":
        "Sans cela, un fichier TRF resynchronise le tournoi : les nouvelles rondes sont ajoutées et les résultats "
        "saisis sur les écrans sont gardés.",
    # a pairing program's output as the next round (app/pairing/program_import.py, templates/desk/pair.html)
    "Paired with another program?": "Apparié avec un autre programme ?",
    "Its -p output file (JaVaFo, bbpPairings)": "Son fichier de sortie -p (JaVaFo, bbpPairings)",
    "Publish anyway, although results are missing": "Publier quand même, malgré les résultats manquants",
    "Publish round %s from the file": "Publier la ronde %s depuis le fichier",
    "%s: the file is larger than 1 MB. Nothing was imported.": "%s : le fichier dépasse 1 Mo. Rien n'a été importé.",
    "Every round of this tournament is paired. Nothing was changed.":
        "Toutes les rondes de ce tournoi sont appariées. Rien n'a été modifié.",
    "The pairing program's output pairs player %s, who is not to be paired in round %s. Nothing was changed.":
        "La sortie du programme d'appariement apparie le joueur %s, qui ne doit pas être apparié à la ronde %s. "
        "Rien n'a été modifié.",
    "A Papi or TRF file imported again adds its new rounds and keeps the results entered on screens.":
        "Un fichier Papi ou TRF importé à nouveau ajoute ses nouvelles rondes et garde les résultats saisis sur les "
        "écrans.",
}
