"""French for the admin pages' confirmations, builders and help texts (merged into `i18n.CATALOGS`)."""

from __future__ import annotations

ADMIN_UI_FR: dict[str, str] = {
    # replacing a tournament from a file (web/controllers/admin/tournaments.py)
    "This upload is no longer waiting for confirmation: choose the file again.":
        "Ce fichier n'attend plus de confirmation : choisissez-le à nouveau.",
    "Undone: the tournament is back as it was before the import.":
        "Annulé : le tournoi est revenu à son état d'avant l'import.",
    "No journal entry %s for this tournament.": "Aucune entrée %s du journal pour ce tournoi.",
    "The file replaced the players, pairings and results.":
        "Le fichier a remplacé les joueurs, les appariements et les résultats.",
    "Undo this import": "Annuler cet import",
    "Journal": "Journal",
    "“%s” will replace this tournament. Nothing has changed yet.":
        "« %s » va remplacer ce tournoi. Rien n'a encore changé.",
    "Now: %s players, %s pairings. In the file: %s players, %s pairings.":
        "Actuellement : %s joueurs, %s appariements. Dans le fichier : %s joueurs, %s appariements.",
    "These results are not in the file and will be lost:":
        "Ces résultats ne sont pas dans le fichier et seront perdus :",
    "Results lost": "Résultats perdus",
    "of which entered on screens": "dont saisis sur les écrans",
    "Every result stored now is in the file: no result will be lost.":
        "Tous les résultats actuels sont dans le fichier : aucun résultat ne sera perdu.",
    "Replace the tournament": "Remplacer le tournoi",
    "File chosen: “%s”. Nothing was loaded from it: correct it or choose it again.":
        "Fichier choisi : « %s ». Rien n'en a été chargé : corrigez-le ou choisissez-le à nouveau.",
    # /data/<event>/import (web/controllers/data.py)
    "Next step: check the tournament's settings and players":
        "Étape suivante : vérifiez les paramètres et les joueurs du tournoi",
    "“%s”: the tournament %s already has players. A TRF file replaces them and their results: load it from the "
    "tournament's page, which shows first what would be lost.":
        "« %s » : le tournoi %s a déjà des joueurs. Un fichier TRF les remplace avec leurs résultats : chargez-le "
        "depuis la page du tournoi, qui montre d'abord ce qui serait perdu.",
    "Open the tournament": "Ouvrir le tournoi",
    # event settings: the codes in plain sight, colour pickers (templates/admin/_event_fields.html, _forms.html)
    "Who may enter results": "Qui peut saisir les résultats",
    "Players and tablets type it before entering a result. Leave empty to keep the current code.":
        "Les joueurs et les tablettes le tapent avant de saisir un résultat. Laissez vide pour garder le code "
        "actuel.",
    "An input code is set.": "Un code de saisie est défini.",
    "No input code: anyone in the hall can enter results.":
        "Pas de code de saisie : tout le monde dans la salle peut saisir des résultats.",
    "Arbiters sign in with it at the arbiter page to correct results and see the journal. Leave empty to keep "
    "the current code.":
        "Les arbitres s'identifient avec lui sur la page d'arbitrage pour corriger des résultats et voir le "
        "journal. Laissez vide pour garder le code actuel.",
    "An arbiter password is set.": "Un mot de passe d'arbitre est défini.",
    "No arbiter password: only the server's administrator is an arbiter.":
        "Pas de mot de passe d'arbitre : seul·e l'administrateur·rice du serveur arbitre.",
    "default": "par défaut",
    # time control in minutes (templates/admin/_tournament_fields.html)
    "Initial time (minutes)": "Temps initial (minutes)",
    "e.g. 90 for 1 h 30; 0.5 = 30 seconds": "ex. 90 pour 1 h 30 ; 0,5 = 30 secondes",
    "Increment (+ seconds per move)": "Incrément (+ secondes par coup)",
    "e.g. 30 for 90 min + 30 s per move": "ex. 30 pour 90 min + 30 s par coup",
    "Handicap: minimum time (minutes)": "Handicap : temps minimum (minutes)",
    "No player gets less, whatever the rating gap.": "Aucun joueur n'a moins, quel que soit l'écart Elo.",
    "The stronger player loses time for each step of this many rating points above the opponent.":
        "Le joueur le plus fort perd du temps pour chaque tranche de ce nombre de points Elo au-dessus de son "
        "adversaire.",
    "Category": "Catégorie",
    # menu and label builders (templates/admin/_forms.html, web/static/admin.js)
    "No menu": "Pas de menu",
    "Link to:": "Liens vers :",
    "the input screens": "les écrans de saisie",
    "the boards screens": "les écrans d'échiquiers",
    "the players screens": "les écrans de joueurs",
    "the results screens": "les écrans de résultats",
    "the standings screens": "les écrans de classement",
    "the screens of this family": "les écrans de cette famille",
    "Menu:": "Menu :",
    "(automatic)": "(automatique)",
    "Insert:": "Insérer :",
    "tournament name": "nom du tournoi",
    "first board": "premier échiquier",
    "last board": "dernier échiquier",
    "Label:": "Libellé :",
    # next steps after a creation
    "Next step: add a tournament": "Étape suivante : ajoutez un tournoi",
    "Next step: load the players and pairings below": "Étape suivante : chargez les joueurs et appariements ci-dessous",
    "Next step: check the players": "Étape suivante : vérifiez les joueurs",
    "create the screens": "créez les écrans",
    "Next step: add a set to choose what the screen shows":
        "Étape suivante : ajoutez un bloc pour choisir ce que montre l'écran",
    # home page, event page (templates/home.html, event.html)
    "Organisers: the administration opens without a password on the server machine itself; from another "
    "device, sign in with the admin password.":
        "Organisateurs : l'administration s'ouvre sans mot de passe sur la machine du serveur elle-même ; depuis "
        "un autre appareil, connectez-vous avec le mot de passe d'administration.",
    "Sign in as administrator": "Se connecter comme administrateur·rice",
    "Administration of this event": "Administration de cet évènement",
}
