"""French of the Papi loop (app/papi/, web/controllers/papi.py, templates/desk/_papi*.html; see i18n/__init__.py)."""

from __future__ import annotations

PAPI_LOOP_FR: dict[str, str] = {
    # the desk's fragment
    "Papi file": "Fichier Papi",
    "Linked to %s": "Lié à %s",
    "Last read from Papi:": "Dernière lecture du fichier Papi :",
    "Last written to Papi:": "Dernière écriture dans le fichier Papi :",
    "never": "jamais",
    "Papi and Echiquier disagree on these results: Echiquier's are kept and not written to Papi until you correct "
    "one side or write to Papi now.":
        "Papi et Echiquier ne sont pas d'accord sur ces résultats : ceux d'Echiquier sont gardés et ne sont pas "
        "écrits dans Papi tant que vous n'avez pas corrigé l'un des deux côtés ou cliqué « Écrire dans Papi "
        "maintenant ».",
    "Round %s, %s - %s: Papi says %s, Echiquier %s": "Ronde %s, %s - %s : Papi indique %s, Echiquier %s",
    "Write to Papi now? Echiquier's results replace Papi's in the conflicts listed.":
        "Écrire dans Papi maintenant ? Les résultats d'Echiquier remplacent ceux de Papi dans les conflits listés.",
    "Write to Papi now": "Écrire dans Papi maintenant",
    "Download the Papi file": "Télécharger le fichier Papi",
    "Unlink the Papi file? The file is not changed; Echiquier stops reading and writing it.":
        "Délier le fichier Papi ? Le fichier n'est pas modifié ; Echiquier cesse de le lire et d'y écrire.",
    "Unlink": "Délier",
    "This tournament is not linked to a Papi file.": "Ce tournoi n'est lié à aucun fichier Papi.",
    "Path of the .papi file on the server machine": "Chemin du fichier .papi sur l'ordinateur serveur",
    "Link": "Lier",
    "Or upload it into the event's folder": "Ou l'envoyer dans le dossier de l'évènement",
    "Upload and link": "Envoyer et lier",
    "The administrator links a tournament to its Papi file.":
        "C'est l'administrateur·rice qui lie un tournoi à son fichier Papi.",
    # what the loop did last (app/papi/watch.py)
    "Read from Papi: %s": "Lu dans Papi : %s",
    "Written to Papi: %s": "Écrit dans Papi : %s",
    "pairings of round %s": "appariements de la ronde %s",
    "results of round %s": "résultats de la ronde %s",
    "check-in of %s players": "pointage de %s joueur·euses",
    "requested byes of round %s": "byes demandés de la ronde %s",
    "round %s unpaired": "ronde %s désappariée",
    "Ref %s": "Réf %s",
    "Papi already has everything.": "Papi a déjà tout.",
    "%s players are not in the Papi file (add them in Papi): %s":
        "%s joueur·euses ne sont pas dans le fichier Papi (ajoutez-les dans Papi) : %s",
    "round %s: a player of this round is not in the Papi file":
        "ronde %s : un·e joueur·euse de cette ronde n'est pas dans le fichier Papi",
    "round %s is beyond the number of rounds of the Papi file (INFO NbrRondes)":
        "la ronde %s dépasse le nombre de rondes du fichier Papi (INFO NbrRondes)",
    "round %s is paired differently in Papi: its results were not written":
        "la ronde %s est appariée autrement dans Papi : ses résultats n'y ont pas été écrits",
    # the journal (app/views/labels.py JOURNAL_WORDS)
    "papi write": "écriture Papi",
    "papi read": "lecture Papi",
    "papi link": "liaison Papi",
    "papi unlink": "fin de liaison Papi",
    "Papi has the file open: results will be written when it is closed.":
        "Papi a le fichier ouvert : les résultats y seront écrits quand il sera fermé.",
    "Papi saved the file and still has it open: it will be read when Papi closes it.":
        "Papi a enregistré le fichier et l'a encore ouvert : il sera lu dès que Papi le fermera.",
    "Papi has the file open: results will be written when it is closed (%s).":
        "Papi a le fichier ouvert : les résultats y seront écrits quand il sera fermé (%s).",
    "The Papi file %s keeps changing (Papi is saving it): it will be read again.":
        "Le fichier Papi %s change encore (Papi l'enregistre) : il sera relu.",
    "The Papi file %s is not there any more.": "Le fichier Papi %s n'est plus là.",
    "The Papi file %s cannot be read (permission denied).": "Le fichier Papi %s ne peut pas être lu (accès refusé).",
    "The Papi file %s was changed outside Echiquier since it was read: it is read again first, nothing was "
    "written.":
        "Le fichier Papi %s a été modifié hors d'Echiquier depuis sa lecture : il est d'abord relu, rien n'a été "
        "écrit.",
    "The Papi file %s was changed outside Echiquier during the write: nothing was written; it is read again "
    "first.":
        "Le fichier Papi %s a été modifié hors d'Echiquier pendant l'écriture : rien n'a été écrit ; il est "
        "d'abord relu.",
    "The Papi file could not be written in %s (%s): the file was not changed.":
        "Le fichier Papi n'a pas pu être écrit dans %s (%s) : le fichier n'a pas été modifié.",
    "The copy read back from the disk differs from what was written: the Papi file was not changed.":
        "La copie relue sur le disque diffère de ce qui a été écrit : le fichier Papi n'a pas été modifié.",
    "The new Papi file could not be verified (%s): the file was not changed.":
        "Le nouveau fichier Papi n'a pas pu être vérifié (%s) : le fichier n'a pas été modifié.",
    "The previous version of the Papi file could not be kept (%s): the file was not changed.":
        "La version précédente du fichier Papi n'a pas pu être conservée (%s) : le fichier n'a pas été modifié.",
    "The Papi file could not be replaced (%s): the file was not changed.":
        "Le fichier Papi n'a pas pu être remplacé (%s) : le fichier n'a pas été modifié.",
    "The written copy does not read back as intended (%s): the Papi file was not changed.":
        "La copie écrite ne se relit pas comme prévu (%s) : le fichier Papi n'a pas été modifié.",
    "Echiquier cannot write this change into the Papi file (%s): the file was not changed.":
        "Echiquier ne peut pas écrire ce changement dans le fichier Papi (%s) : le fichier n'a pas été modifié.",
    # linking
    "No file %s on the server machine.": "Aucun fichier %s sur l'ordinateur serveur.",
    "%s is not a .papi file.": "%s n'est pas un fichier .papi.",
    "Give the path of the .papi file on the server machine.": "Indiquez le chemin du fichier .papi sur l'ordinateur "
                                                              "serveur.",
    "The event's folder already has a file %s: link it by its path, or rename yours.":
        "Le dossier de l'évènement a déjà un fichier %s : liez-le par son chemin, ou renommez le vôtre.",
    "This tournament was not made from this Papi file (no player has one of its Refs): import the file as a new "
    "tournament, then link that one.":
        "Ce tournoi n'a pas été créé à partir de ce fichier Papi (aucun·e joueur·euse n'a l'une de ses Ref) : "
        "importez le fichier comme nouveau tournoi, puis liez celui-ci.",
    "The players of this tournament are not those of this Papi file (Ref %s is %s here, %s in the file): nothing "
    "was linked.":
        "Les joueur·euses de ce tournoi ne sont pas ceux du fichier Papi (la Ref %s est %s ici, %s dans le "
        "fichier) : rien n'a été lié.",
    "The file is too large.": "Le fichier est trop gros.",
    "Only the administrator links a tournament to a Papi file.":
        "Seul·e l'administrateur·rice lie un tournoi à un fichier Papi.",
    "The Papi loop is not running on this server.": "La boucle Papi ne tourne pas sur ce serveur.",
    "This is not a Papi file (no Access/JET database header).":
        "Ce n'est pas un fichier Papi (pas d'en-tête de base Access/JET).",
    "The Papi file cannot be read (%s).": "Le fichier Papi ne peut pas être lu (%s).",
}
