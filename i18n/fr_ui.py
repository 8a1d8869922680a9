"""French for the language settings, the names of stored codes (app/views/labels.py) and the strings the French
walk (tests/test_french_walk.py) found untranslated; merged into `i18n.CATALOGS`."""

from __future__ import annotations

UI_FR: dict[str, str] = {
    # language settings
    "Default language": "Langue par défaut",
    "The visitor's browser language": "Celle du navigateur du visiteur",
    "Used when a visitor has not chosen a language with the EN · FR links.":
        "Utilisée quand le visiteur n'a pas choisi de langue avec les liens EN · FR.",
    "English": "Anglais",
    "French": "Français",
    # screen types (app/views/labels.py)
    "Input (result entry)": "Saisie (des résultats)",
    "Boards": "Échiquiers",
    "Players (alphabetical)": "Joueur·euses (ordre alphabétique)",
    # tournament types, pairing systems, ratings
    "Swiss system": "Système suisse",
    "Round robin": "Toutes rondes",
    "Swiss — standard (Dutch)": "Suisse — standard (néerlandais)",
    "Swiss — Haley (accelerated)": "Suisse — Haley (accéléré)",
    "Swiss — Haley (soft)": "Suisse — Haley dégressif",
    "Swiss — SAD (degressive acceleration)": "Suisse — SAD (système accéléré dégressif)",
    "Swiss — Niçois acceleration": "Suisse — accéléré niçois",
    "Round robin — Berger tables": "Toutes rondes — tables de Berger",
    "Standard (classical)": "Standard (lente)",
    "Rapid": "Rapide",
    "Blitz": "Blitz",
    "FIDE": "FIDE",
    "National": "National",
    "Estimated": "Estimé",
    "Accelerated systems add virtual points to the shown scores in the first rounds.":
        "Les systèmes accélérés ajoutent des points fictifs aux scores affichés lors des premières rondes.",
    "Rating kind": "Cadence du classement Elo",
    "Which FIDE rating the players are listed and paired with.":
        "Le classement FIDE avec lequel les joueur·euses sont listé·es et apparié·es.",
    "Screens linked from this screen's menu, separated by commas: @input, @boards, @players, @results, "
    "@standings (every screen of that type), @family (the screens of this family) or screen ids. "
    "Example: @input,@boards":
        "Écrans liés depuis le menu de cet écran, séparés par des virgules : @input (saisie), @boards "
        "(échiquiers), @players (joueur·euses), @results (résultats), @standings (classement) pour tous les "
        "écrans de ce type, @family pour les écrans de cette famille, ou des identifiants d'écrans. "
        "Exemple : @input,@boards",
    "Text of the links to this screen; %t = tournament name, %f and %l = first and last board (or player). "
    "Empty = automatic.":
        "Texte des liens vers cet écran ; %t = nom du tournoi, %f et %l = premier et dernier échiquier (ou "
        "joueur·euse). Vide = automatique.",
    # tie-breaks (FIDE C.07)
    "Tie-breaks, in order": "Départages, dans l'ordre",
    "Tie-break %s": "Départage %s",
    "Tie-break codes": "Codes des départages",
    "FIDE codes separated by commas, e.g. BH/C1,BH,SB,PS; empty = BH/C1,BH,SB,PS. The lists above fill it.":
        "Codes FIDE séparés par des virgules, p. ex. BH/C1,BH,SB,PS ; vide = BH/C1,BH,SB,PS. "
        "Les listes ci-dessus le remplissent.",
    "What the codes mean": "Signification des codes",
    "Code": "Code",
    "Tie-break": "Départage",
    "What it counts": "Ce qu'il compte",
    "Buchholz Cut 1": "Buchholz tronqué (−1)",
    "Buchholz without the lowest opponent score.": "Buchholz sans le plus faible score d'adversaire.",
    "Buchholz": "Buchholz",
    "Sum of the opponents' scores.": "Somme des scores des adversaires.",
    "Median Buchholz": "Buchholz médian",
    "Buchholz without the highest and the lowest opponent scores.":
        "Buchholz sans le plus fort ni le plus faible score d'adversaire.",
    "Buchholz Cut 2": "Buchholz tronqué (−2)",
    "Buchholz without the two lowest opponent scores.": "Buchholz sans les deux plus faibles scores d'adversaires.",
    "Fore Buchholz": "Buchholz anticipé",
    "Buchholz as if every game of the last round were a draw.":
        "Buchholz comme si toutes les parties de la dernière ronde étaient nulles.",
    "Average of opponents' Buchholz": "Moyenne des Buchholz des adversaires",
    "Mean of the opponents' Buchholz.": "Moyenne des Buchholz des adversaires.",
    "Sonneborn-Berger": "Sonneborn-Berger",
    "Opponents' scores, each weighted by the result against them.":
        "Scores des adversaires, chacun pondéré par le résultat obtenu contre eux.",
    "Progressive score": "Cumulatif",
    "Sum of the running scores after each round (cumulative).": "Somme des scores après chaque ronde (cumulatif).",
    "Direct encounter": "Confrontation directe",
    "Points scored between the tied players only.": "Points marqués entre les seul·es ex æquo.",
    "Number of wins": "Nombre de victoires",
    "Games won, unplayed wins included.": "Parties gagnées, gains sans jouer compris.",
    "Wins over the board": "Victoires sur l'échiquier",
    "Games won over the board only.": "Parties gagnées sur l'échiquier seulement.",
    "Games with Black": "Parties avec les Noirs",
    "Games played with the black pieces.": "Parties jouées avec les Noirs.",
    "Wins with Black": "Victoires avec les Noirs",
    "Games won with the black pieces.": "Parties gagnées avec les Noirs.",
    "Rounds one elected to play": "Rondes jouées par choix",
    "Rounds played, not counting byes and forfeits the player chose.":
        "Rondes jouées, sans les exemptions ni les forfaits choisis par le joueur ou la joueuse.",
    "Koya system": "Système Koya",
    "Points against the opponents who scored at least half of the points (round robin).":
        "Points contre les adversaires ayant marqué au moins la moitié des points (toutes rondes).",
    "Average rating of opponents": "Moyenne Elo des adversaires",
    "Mean rating of the opponents met over the board.": "Elo moyen des adversaires rencontré·es sur l'échiquier.",
    "Tournament performance rating": "Performance",
    "Rating performance over the tournament.": "Performance Elo sur le tournoi.",
    "Perfect tournament performance": "Performance parfaite",
    "The rating at which the expected score equals the score.": "L'Elo pour lequel le score attendu égale le score.",
    "Average performance rating of opponents": "Moyenne des performances des adversaires",
    "Mean of the opponents' performance ratings.": "Moyenne des performances des adversaires.",
    "Average perfect performance of opponents": "Moyenne des performances parfaites des adversaires",
    "Mean of the opponents' perfect performances.": "Moyenne des performances parfaites des adversaires.",
    "Pairing number": "Numéro d'appariement",
    "Starting rank (lower is better).": "Rang de départ (le plus petit l'emporte).",
    "The player's own rating.": "L'Elo du joueur ou de la joueuse.",
    # timer colours and delays
    "Before a round the banner shows colour 1, then fades to colour 2 during delay 1, then to colour 3 during "
    "delay 2, which ends when the round starts; it stays colour 3 for delay 3 after the start.":
        "Avant une ronde, le bandeau est de la couleur 1, passe à la couleur 2 pendant le délai 1, puis à la "
        "couleur 3 pendant le délai 2, qui se termine au début de la ronde ; il reste de la couleur 3 pendant "
        "le délai 3 après le début.",
    "long before the round": "longtemps avant la ronde",
    "the round starts soon": "la ronde commence bientôt",
    "the round starts / has started": "la ronde commence / a commencé",
    "Minutes to fade from colour 1 to colour 2 (default 15).":
        "Minutes pour passer de la couleur 1 à la couleur 2 (15 par défaut).",
    "Minutes to fade from colour 2 to colour 3, until the start (default 5).":
        "Minutes pour passer de la couleur 2 à la couleur 3, jusqu'au début (5 par défaut).",
    "Minutes colour 3 stays after the start (default 10).":
        "Minutes pendant lesquelles la couleur 3 reste après le début (10 par défaut).",
    # the journal (app/views/labels.py journal_text): what, who, targets, values
    "baseline": "état initial",
    "schema": "schéma",
    "event created": "évènement créé",
    "event settings": "paramètres de l'évènement",
    "tournament added": "tournoi ajouté",
    "tournament settings": "paramètres du tournoi",
    "pairings": "appariements",
    "result": "résultat",
    "result corrected": "résultat corrigé",
    "result deleted": "résultat supprimé",
    "screen added": "écran ajouté",
    "family added": "famille ajoutée",
    "rotator added": "écran rotatif ajouté",
    "timer added": "minuteur ajouté",
    "illegal move added": "coup illégal ajouté",
    "illegal move removed": "coup illégal retiré",
    "papi import": "import Papi",
    "chessevent import": "import ChessEvent",
    "trf import": "import TRF",
    "create": "création",
    "edit": "modification",
    "delete": "suppression",
    "reorder": "changement d'ordre",
    "late entrant": "inscription tardive",
    "withdraw": "retrait",
    "cancel withdrawal": "retrait annulé",
    "clone": "copie",
    "change": "modification",
    "visitor": "visiteur·euse",
    "player": "joueur·euse",
    "board": "échiquier",
    "arbiter": "arbitre",
    "admin": "admin",
    "system": "système",
    "server": "serveur",
    "screen set": "ensemble d'écran",
    "timer hour": "horaire de minuteur",
    "board card": "carte d'échiquier",
    "tournament": "tournoi",
    "screen": "écran",
    "rotator": "écran rotatif",
    "timer": "minuteur",
    "info": "évènement",
    "round %s, board %s": "ronde %s, échiquier %s",
    "%s players, %s pairings": "%s joueur·euses, %s appariements",
    "%s players": "%s joueur·euses",
    "player %s rounds %s": "joueur·euse %s, rondes %s",
    "from %s": "depuis %s",
    "undo: %s": "annulation : %s",
    "admin: %s": "admin : %s",
    "Illegal moves": "Coups illégaux",
    "Background image": "Image de fond",
    "Timer colours": "Couleurs des minuteurs",
    "Timer delays": "Délais des minuteurs",
    "Folder": "Dossier",
    # "Bye" is English: the French arbiter says exempt (these override i18n/__init__.py)
    "Half-point bye": "Exempt·e (½ point)",
    "Full-point bye": "Exempt·e (1 point)",
    "private": "privé",
    # the CSRF refusal (web/csrf.py)
    "This page is out of date or was not sent by Echiquier (security check failed): reload the page and try "
    "again. Nothing was changed.":
        "Cette page est périmée ou n'a pas été envoyée par Echiquier (contrôle de sécurité échoué) : "
        "rechargez la page et réessayez. Rien n'a été modifié.",
    "Refused": "Refusé",
    # import reports (app/views/labels.py report_text)
    "%s players, %s pairings.": "%s joueur·euses, %s appariements.",
    "Imported %s players and %s rounds.": "%s joueur·euses et %s rondes importé·es.",
    "%s players added, %s updated": "%s joueur·euses ajouté·es, %s mis·es à jour",
    "rounds added: %s": "rondes ajoutées : %s",
    "%s results taken from the file": "%s résultats repris du fichier",
    "Conflict: %s": "Conflit : %s",
    "round %s was paired differently in Papi, but the event file already has results for it: the event file's "
    "pairing was kept.":
        "la ronde %s est appariée autrement dans Papi, mais le fichier de l'évènement a déjà des résultats pour "
        "elle : l'appariement du fichier de l'évènement est gardé.",
    "round %s, Ref %s - Ref %s: Papi says %s, the event file says %s (kept).":
        "ronde %s, Réf %s - Réf %s : Papi indique %s, le fichier de l'évènement %s (gardé).",
    "Players no longer in the Papi file were kept: Ref %s.":
        "Les joueur·euses absent·es du fichier Papi ont été gardé·es : Réf %s.",
    "The ChessEvent data has not changed since the last import.":
        "Les données ChessEvent n'ont pas changé depuis le dernier import.",
    # domain messages the French walk met
    "No event %r.": "Pas d'évènement %r.",
    "No screen %r in this event.": "Pas d'écran %r dans cet évènement.",
    "This game has a result: its illegal moves can no longer change. Nothing was changed.":
        "Cette partie a un résultat : ses coups illégaux ne peuvent plus changer. Rien n'a été modifié.",
}
