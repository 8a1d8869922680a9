"""The one translation layer: English text is the key; French in FR. English by default."""

from __future__ import annotations

from collections.abc import Callable

from i18n.fr_admin import ADMIN_FR
from i18n.fr_admin_ui import ADMIN_UI_FR
from i18n.fr_desk import DESK_FR
from i18n.fr_files import FILES_FR
from i18n.fr_hall import HALL_FR
from i18n.fr_harden_files import HARDEN_FILES_FR
from i18n.fr_hardening import HARDENING_FR
from i18n.fr_journal import JOURNAL_FR
from i18n.fr_pairing import PAIRING_FR
from i18n.fr_papi_loop import PAPI_LOOP_FR
from i18n.fr_publish import PUBLISH_FR
from i18n.fr_resync import RESYNC_FR
from i18n.fr_store import STORE_FR
from i18n.fr_teams import TEAMS_FR
from i18n.fr_teams_engine import TEAMS_ENGINE_FR
from i18n.fr_teams_ui import TEAMS_UI_FR
from i18n.fr_trf import TRF_FR
from i18n.fr_ui import UI_FR

LANGUAGES = ("en", "fr")

FR: dict[str, str] = {
    "Events": "Évènements",
    "Current events": "Évènements en cours",
    "Coming events": "Évènements à venir",
    "Past events": "Évènements passés",
    "No event yet.": "Aucun évènement pour l'instant.",
    "Tournaments": "Tournois",
    "Screens": "Écrans",
    "Rotators": "Écrans rotatifs",
    "players": "joueur·euses",
    "Round": "Ronde",
    "round": "ronde",
    "Board": "Éch.",
    "White": "Blancs",
    "Black": "Noirs",
    "Result": "Résultat",
    "Points": "Points",
    "bye": "exempt",
    "Bye": "Exempt",
    "Half-point bye": "Bye ½ point",
    "Full-point bye": "Bye 1 point",
    "Absent": "Absent·e",
    "Not paired": "Non apparié·e",
    "Latest results": "Derniers résultats",
    "No result yet.": "Aucun résultat pour l'instant.",
    "Time": "Heure",
    "Tournament": "Tournoi",
    "WHITE WINS": "VICTOIRE BLANCS",
    "DRAW": "NULLE",
    "BLACK WINS": "VICTOIRE NOIRS",
    "Cancel": "Annuler",
    "Enter the result of board %s": "Saisir le résultat de l'échiquier %s",
    "Result %s stored on board %s.": "Résultat %s enregistré sur l'échiquier %s.",
    "Input code": "Code de saisie",
    "This screen needs the event's input code.": "Cet écran demande le code de saisie de l'évènement.",
    "Wrong code.": "Code incorrect.",
    "Enter": "Entrer",
    "Reserved to arbiters.": "Réservé aux arbitres.",
    "Page not found.": "Page introuvable.",
    "Something went wrong on the server; nothing was changed.": "Erreur du serveur ; rien n'a été modifié.",
    "Back to the event": "Retour à l'évènement",
    "Home": "Accueil",
    "check-in": "pointage",
    "Checked in": "Pointé·e",
    "Not checked in": "Non pointé·e",
    "Player": "Joueur·euse",
    "Opponent": "Adversaire",
    "Board %s with White against": "Éch. %s avec les Blancs contre",
    "Board %s with Black against": "Éch. %s avec les Noirs contre",
    "No pairing yet.": "Pas encore d'appariement.",
    "Image": "Image",
    "Rotator": "Rotation",
    "from %s to %s": "du %s au %s",
    "Round %s starts in %s": "Début de la ronde %s dans %s",
    "Round %s started %s ago": "Ronde %s commencée depuis %s",
    "live": "en direct",
    "offline, retrying…": "hors ligne, nouvelle tentative…",
    "games without result": "parties sans résultat",
    "Language": "Langue",
    # hall screens (issue 4)
    "Remove an illegal move": "Retirer un coup illégal",
    "Illegal move": "Coup illégal",
    "Record an illegal move": "Noter un coup illégal",
    "Fixed board": "Échiquier fixe",
    "Nothing to show in this set.": "Rien à afficher dans cet ensemble.",
    "Pts": "Pts",
    "White (time)": "Blancs (temps)",
    "Black (time)": "Noirs (temps)",
    "Player, rating [points]": "Joueur·euse, classement [points]",
    "Board and colour": "Échiquier et couleur",
    "Opponent, rating [points]": "Adversaire, classement [points]",
    "Rd.Bd": "Rd.Éch",
    "%s warnings for the arbiter": "%s avertissements pour l'arbitre",
    "This screen shows no tournament.": "Cet écran n'affiche aucun tournoi.",
    "Check-in is closed: round 1 is paired. Nothing was changed.":
        "Le pointage est clos : la ronde 1 est appariée. Rien n'a été modifié.",
    "Illegal moves are not recorded in this tournament.": "Les coups illégaux ne sont pas notés dans ce tournoi.",
    "Round %s is not the current round any more. Nothing was changed.":
        "La ronde %s n'est plus la ronde en cours. Rien n'a été modifié.",
    "%s and %s": "%s et %s",
    "week": "semaine", "weeks": "semaines", "day": "jour", "days": "jours", "hour": "heure", "hours": "heures",
    "minute": "minute", "minutes": "minutes", "second": "seconde", "seconds": "secondes",
    "By board": "Par échiquier",
    "Boards %f-%l": "Éch. %f-%l",
    "%t (by board)": "%t (par échiquier)",
    "%t [boards %f-%l]": "%t [éch. %f-%l]",
    "Alphabetical": "Alphabétique",
    "%t (alphabetical)": "%t (alphabétique)",
    "Boards %f to %l": "Échiquiers %f à %l",
    "%f to %l": "%f à %l",
    "%t (%f to %l)": "%t (%f à %l)",
    "Menu token @family is only valid on a family screen (%s).":
        "L'élément de menu @family n'est valable que sur un écran de famille (%s).",
    "Menu item %s matches no screen.": "L'élément de menu %s ne correspond à aucun écran.",
    "Menu item %s is not linkable (image or menu_link off).":
        "L'écran %s du menu ne peut pas être lié (image ou lien désactivé).",
    "Menu item %s is not a screen id.": "L'élément de menu %s n'est pas un identifiant d'écran.",
    "Fixed boards: %r is not a board number; ignored.": "Échiquiers fixes : %r n'est pas un numéro ; ignoré.",
    "Set first %s is after last %s: the set is empty.": "Ensemble : le premier (%s) est après le dernier (%s) : vide.",
    "Unknown tournament %s on this results screen; ignored.": "Tournoi inconnu %s sur cet écran de résultats ; ignoré.",
    "results_tournament_ids is not a JSON list; all tournaments shown.":
        "results_tournament_ids n'est pas une liste JSON ; tous les tournois sont affichés.",
    "The limit %s is rounded up to %s (a multiple of the columns).":
        "La limite %s est arrondie à %s (un multiple du nombre de colonnes).",
    "Timer hour %s: the time %s is not hh:mm; ignored.": "Horaire %s du chrono : l'heure %s n'est pas hh:mm ; ignoré.",
    "Timer hour %s: a date YYYY-MM-DD is needed; ignored.":
        "Horaire %s du chrono : une date AAAA-MM-JJ est nécessaire ; ignoré.",
    "Timer hour %s: %s %s is not a valid date; ignored.":
        "Horaire %s du chrono : %s %s n'est pas une date valide ; ignoré.",
    "Timer hour %s is not later than the previous one; ignored.":
        "L'horaire %s du chrono n'est pas après le précédent ; ignoré.",
    "Family %s: %s": "Famille %s : %s",
    "A family takes parts or number, not both; no screen generated.":
        "Une famille prend parts ou number, pas les deux ; aucun écran généré.",
    "Family parts and number must be at least 1; no screen generated.":
        "parts et number doivent valoir au moins 1 ; aucun écran généré.",
    "The family has no item to show (first %s, %s items); no screen generated.":
        "La famille n'a rien à afficher (premier %s, %s éléments) ; aucun écran généré.",
    "Family first %s is after last %s; no screen generated.":
        "Famille : le premier (%s) est après le dernier (%s) ; aucun écran généré.",
    'Family range %r is not "a-b" or "a"; ignored.': "La plage %r n'est pas « a-b » ni « a » ; ignorée.",
    "Family range %r is empty or reversed; ignored.": "La plage %r est vide ou inversée ; ignorée.",
    "Family range %s-%s keeps no screen (only %s now).": "La plage %s-%s ne garde aucun écran (%s seulement).",
    "Rotator %s: no screen %s; skipped.": "Écran rotatif %s : pas d'écran %s ; ignoré.",
    "Rotator %s: no family %s; skipped.": "Écran rotatif %s : pas de famille %s ; ignorée.",
    "This public rotator shows screens that are not public: %s.":
        "Cet écran rotatif public montre des écrans non publics : %s.",
    # data: TRF lint, imports, standings (issue 6)
    "TRF check": "Vérification TRF",
    "TRF file": "Fichier TRF",
    "Check": "Vérifier",
    "rounds played": "rondes jouées",
    "errors": "erreurs",
    "warnings": "avertissements",
    "can be imported": "importable",
    "cannot be imported": "non importable",
    "Line": "Ligne",
    "Column": "Colonne",
    "Severity": "Gravité",
    "Problem": "Problème",
    "Why it matters": "Pourquoi c'est important",
    "error": "erreur",
    "warning": "avertissement",
    "Standings": "Classement",
    "Rank": "Pl.",
    "No.": "N°",
    "Rating": "Elo",
    "After round %s": "Après la ronde %s",
    "FIDE tie-breaks, edition %s": "Départages FIDE, édition %s",
    "Cross-table": "Grille américaine",
    "TRF export": "Export TRF",
    "Import": "Importer",
    "Import players and pairings": "Importer joueur·euses et appariements",
    "Papi (.papi), TRF (.trf) or saved ChessEvent (.json) file.":
        "Fichier Papi (.papi), TRF (.trf) ou ChessEvent enregistré (.json).",
    "A Papi file imported again adds its new rounds and keeps the results entered on screens.":
        "Un fichier Papi importé à nouveau ajoute ses nouvelles rondes et garde les résultats saisis sur les écrans.",
    "File": "Fichier",
    "name in the file": "nom dans le fichier",
    "Nothing was imported": "Rien n'a été importé",
    # arbiter entry, journal, roles, board cards (issue 5)
    "Board %s: %s": "Échiquier %s : %s",
    "This board already has a result (%s). Only an arbiter can change it.":
        "Cet échiquier a déjà un résultat (%s). Seul·e un·e arbitre peut le modifier.",
    "Change the result of board %s: %s → %s?": "Modifier le résultat de l'échiquier %s : %s → %s ?",
    "WHITE WINS BY FORFEIT": "VICTOIRE BLANCS PAR FORFAIT",
    "BLACK WINS BY FORFEIT": "VICTOIRE NOIRS PAR FORFAIT",
    "DOUBLE FORFEIT": "DOUBLE FORFAIT",
    "Really delete the result %s of %s round %s, board %s?":
        "Vraiment supprimer le résultat %s de %s ronde %s, échiquier %s ?",
    "Delete the result": "Supprimer le résultat",
    "Result of board %s deleted.": "Résultat de l'échiquier %s supprimé.",
    "Games of the round still without a result": "Parties de la ronde encore sans résultat",
    "without result here": "sans résultat ici",
    "in the tournament": "dans le tournoi",
    "Forfeits (%s) are entered by an arbiter.": "Les forfaits (%s) sont saisis par un·e arbitre.",
    "Only an arbiter can correct a result.": "Seul·e un·e arbitre peut corriger un résultat.",
    "The new result is the same as the old one; nothing to change.":
        "Le nouveau résultat est identique à l'ancien ; rien à modifier.",
    "Only an arbiter can delete a result on this event.":
        "Seul·e un·e arbitre peut supprimer un résultat sur cet évènement.",
    "This submission key was already used for another request; reload the page.":
        "Cette clé d'envoi a déjà servi pour une autre demande ; rechargez la page.",
    "Arbiter": "Arbitre",
    "Done.": "Fait.",
    "Journal of changes": "Journal des modifications",
    "Input screen": "Écran de saisie",
    "Board cards (QR codes) of %s": "Cartes d'échiquier (QR codes) de %s",
    "Arbiter password of this event": "Mot de passe arbitre de cet évènement",
    "Set": "Défini",
    "Not set: only the server administrator acts as arbiter.":
        "Non défini : seul·e l'administrateur·rice du serveur peut arbitrer.",
    "New password": "Nouveau mot de passe",
    "Again": "Confirmation",
    "Save (empty: remove)": "Enregistrer (vide : supprimer)",
    "Log out": "Se déconnecter",
    "Log in": "Se connecter",
    "Logged in.": "Connecté·e.",
    "Password saved.": "Mot de passe enregistré.",
    "Server administrator": "Administration du serveur",
    "Administrator password": "Mot de passe d'administration",
    "Choose the administrator password (first start: from the server machine only).":
        "Choisissez le mot de passe d'administration (premier démarrage : depuis la machine du serveur seulement).",
    "Change the administrator password.": "Modifier le mot de passe d'administration.",
    "No administrator password yet: set it from the server machine itself.":
        "Pas encore de mot de passe d'administration : définissez-le depuis la machine du serveur.",
    "Arbiter login": "Connexion arbitre",
    "Arbiter password": "Mot de passe arbitre",
    "At least %s characters, please.": "Au moins %s caractères, s'il vous plaît.",
    "The two passwords differ.": "Les deux mots de passe diffèrent.",
    "No arbiter password is set for this event: ask the server administrator.":
        "Aucun mot de passe arbitre n'est défini pour cet évènement : demandez à l'administrateur·rice du serveur.",
    "Wrong password.": "Mot de passe incorrect.",
    "Reserved to arbiters: log in on /arbiter/%s.": "Réservé aux arbitres : connectez-vous sur /arbiter/%s.",
    "all": "tous",
    "Filter": "Filtrer",
    "When": "Quand",
    "Who": "Qui",
    "What": "Quoi",
    "Old": "Avant",
    "New": "Après",
    "Undo entry %s?": "Annuler l'entrée %s ?",
    "Undo": "Annuler",
    "undone by #%s": "annulée par n°%s",
    "No change recorded.": "Aucune modification enregistrée.",
    "Board cards": "Cartes d'échiquier",
    "boards": "échiquiers",
    "Print": "Imprimer",
    "Board %s": "Échiquier %s",
    "Scan to enter the result of this game.": "Scannez pour saisir le résultat de cette partie.",
    "No game in the current round.": "Aucune partie dans la ronde en cours.",
    "Result recorded: %s. Thank you!": "Résultat enregistré : %s. Merci !",
    "This card is for another round or the round was re-paired: it has expired.":
        "Cette carte est d'une autre ronde ou la ronde a été réappariée : elle a expiré.",
    "Every result of round %s is in: this card has expired.":
        "Tous les résultats de la ronde %s sont saisis : cette carte a expiré.",
    "This board card is not valid for this event.": "Cette carte d'échiquier n'est pas valable pour cet évènement.",
    # standings screens
    "Standings after round %s": "Classement après la ronde %s",
    "%t (standings)": "%t (classement)",
    # refusals: errors raised with a message key (tournament/errors.py); web/errors.py translates them
    "No event %r.": "Aucun évènement %r.",
    "%r is not a valid event id (letters, digits, - and _, at most 64).":
        "%r n'est pas un identifiant d'évènement valable (lettres, chiffres, - et _, 64 au plus).",
    "The event %r already exists.": "L'évènement %r existe déjà.",
    "%s was written by a newer Echiquier (schema %s); upgrade Echiquier.":
        "%s a été écrit par un Echiquier plus récent (schéma %s) ; mettez Echiquier à jour.",
    "%s is not an Echiquier event file.": "%s n'est pas un fichier d'évènement Echiquier.",
    "No event file %s.": "Aucun fichier d'évènement %s.",
    "%s is read-only and was written by an older Echiquier (schema %s): make it writable once so it can be upgraded.":
        "%s est en lecture seule et a été écrit par un Echiquier plus ancien (schéma %s) : rendez-le"
        " modifiable une fois pour qu'il soit mis à jour.",
    "Not saved: the event file is read-only. Nothing was changed.":
        "Non enregistré : le fichier de l'évènement est en lecture seule. Rien n'a été modifié.",
    "Not saved: the disk is full. Nothing was changed.": "Non enregistré : le disque est plein. Rien n'a été modifié.",
    "Not saved: the event file is busy (another program is writing it). Nothing was changed.":
        "Non enregistré : le fichier de l'évènement est occupé (un autre programme l'écrit). Rien n'a été modifié.",
    "Not saved: the event file could not be written (%s). Nothing was changed.":
        "Non enregistré : le fichier de l'évènement n'a pas pu être écrit (%s). Rien n'a été modifié.",
    "Not saved: %s. Nothing was changed.": "Non enregistré : %s. Rien n'a été modifié.",
    "No tournament %s in this event.": "Aucun tournoi %s dans cet évènement.",
    "No tournament %r in this event.": "Aucun tournoi %r dans cet évènement.",
    "No screen %r in this event.": "Aucun écran %r dans cet évènement.",
    "No %s %s.": "Aucun élément %s %s.",
    "No %s %s here.": "Aucun élément %s %s ici.",
    "Item %s is not in this rotator.": "L'élément %s n'est pas dans cet écran rotatif.",
    "Round %s was paired meanwhile; nothing was changed.":
        "La ronde %s a été appariée entre-temps ; rien n'a été modifié.",
    "Board %s: this game is no longer in round %s (re-paired?). Nothing was stored.":
        "Échiquier %s : cette partie n'est plus dans la ronde %s (réappariée ?). Rien n'a été enregistré.",
    "Board %s: the result is now %s, not %s (changed meanwhile?). Nothing was stored.":
        "Échiquier %s : le résultat est maintenant %s, pas %s (modifié entre-temps ?). Rien n'a été enregistré.",
    "Board %s already has a result (%s). Nothing was stored.":
        "L'échiquier %s a déjà un résultat (%s). Rien n'a été enregistré.",
    "This game has no result to delete.": "Cette partie n'a pas de résultat à supprimer.",
    "The screen id %r is reserved for a screen generated by a family.":
        "L'identifiant d'écran %r est réservé à un écran généré par une famille.",
    "The family %r would generate the id of the screen %r.": "La famille %r générerait l'identifiant de l'écran %r.",
    "No player %s in this tournament.": "Aucun·e joueur·euse %s dans ce tournoi.",
    "This player has no game in round %s. Nothing was changed.":
        "Ce·tte joueur·euse n'a pas de partie dans la ronde %s. Rien n'a été modifié.",
    "This game has a result: its illegal moves can no longer change. Nothing was changed.":
        "Cette partie a un résultat : ses coups illégaux ne peuvent plus changer. Rien n'a été modifié.",
    "This player already has %s illegal moves recorded (limit %s).":
        "Ce·tte joueur·euse a déjà %s coups illégaux notés (limite %s).",
    "This player has no illegal move to remove.": "Ce·tte joueur·euse n'a aucun coup illégal à retirer.",
    "Round 1 is already paired: ChessEvent players can no longer be imported.":
        "La ronde 1 est déjà appariée : les joueur·euses de ChessEvent ne peuvent plus être importé·es.",
    "No journal entry %s.": "Aucune entrée %s dans le journal.",
    "A baseline (schema snapshot) cannot be undone.":
        "Un point de départ (instantané du schéma) ne peut pas être annulé.",
    "Journal entry %s was already undone (entry %s).": "L'entrée %s du journal a déjà été annulée (entrée %s).",
    "Journal entry %s changed no data; there is nothing to undo.":
        "L'entrée %s du journal n'a modifié aucune donnée ; il n'y a rien à annuler.",
    "Entry %s cannot be undone: the data it changed was changed again since. Undo the later entries first."
    " Nothing was changed.":
        "L'entrée %s ne peut pas être annulée : les données qu'elle a modifiées ont changé depuis. Annulez d'abord"
        " les entrées suivantes. Rien n'a été modifié.",
    "Table %s no longer exists; entry %s cannot be undone.":
        "La table %s n'existe plus ; l'entrée %s ne peut pas être annulée.",
    "Two boards would get the number %s; check the fixed boards.":
        "Deux échiquiers recevraient le numéro %s ; vérifiez les échiquiers fixes.",
    "Unknown result label: %r.": "Résultat inconnu : %r.",
    "unknown tie-break %r": "départage inconnu %r",
    "unknown modifier /%s in %r": "modificateur /%s inconnu dans %r",
    "%s is computed from the ranking (direct encounter)":
        "%s se calcule à partir du classement (confrontation directe)",
    "ChessEvent: %s is not a number: %r. Nothing was imported.":
        "ChessEvent : %s n'est pas un nombre : %r. Rien n'a été importé.",
    "ChessEvent: the file is not JSON (%s). Nothing was imported.":
        "ChessEvent : le fichier n'est pas du JSON (%s). Rien n'a été importé.",
    "ChessEvent: expected a tournament object with a `players` list. Nothing was imported.":
        "ChessEvent : un objet tournoi avec une liste `players` est attendu. Rien n'a été importé.",
    "ChessEvent: player %s has no last name. Nothing was imported.":
        "ChessEvent : le·la joueur·euse %s n'a pas de nom. Rien n'a été importé.",
    "ChessEvent: player %s (%s): skipped round %r with %r points is not valid. Nothing was imported.":
        "ChessEvent : joueur·euse %s (%s) : la ronde non jouée %r avec %r points n'est pas valable. Rien n'a"
        " été importé.",
    "This is not a Papi file (no Access/JET database header). Nothing was imported.":
        "Ce n'est pas un fichier Papi (pas d'en-tête de base Access/JET). Rien n'a été importé.",
    "The Papi file cannot be read (%s: %s). Nothing was imported.":
        "Le fichier Papi est illisible (%s : %s). Rien n'a été importé.",
    "INFO NbrRondes is not a number: %r.": "INFO NbrRondes n'est pas un nombre : %r.",
    "The Papi file has no JOUEUR table. Nothing was imported.":
        "Le fichier Papi n'a pas de table JOUEUR. Rien n'a été importé.",
    "The file has no %s table: not a Papi file. Nothing was imported.":
        "Le fichier n'a pas de table %s : ce n'est pas un fichier Papi. Rien n'a été importé.",
    "%s\nNothing was imported.": "%s\nRien n'a été importé.",
    "No family %s in this event.": "Aucune famille %s dans cet évènement.",
    "No rotator %s in this event.": "Aucun écran rotatif %s dans cet évènement.",
    "No rotator %r in this event.": "Aucun écran rotatif %r dans cet évènement.",
    "Nothing to move.": "Rien à déplacer.",
    "No set %s on this screen.": "Aucun bloc %s sur cet écran.",
    "No screen %s in this event.": "Aucun écran %s dans cet évènement.",
    "No hour %s in this timer.": "Aucun horaire %s dans ce minuteur.",
    "No timer %s in this event.": "Aucun minuteur %s dans cet évènement.",
    "Reserved to the administrator of this server.": "Réservé à l'administrateur·rice de ce serveur.",
    "Choose a file first.": "Choisissez d'abord un fichier.",
    "%s: the file is larger than 20 MB. Nothing was imported.": "%s : le fichier dépasse 20 Mo. Rien n'a été importé.",
    "Screen %r shows no tournament.": "L'écran %r n'affiche aucun tournoi.",
    "This screen does not show that tournament.": "Cet écran n'affiche pas ce tournoi.",
    "This game is not on the boards of the current round any more.":
        "Cette partie n'est plus sur les échiquiers de la ronde en cours.",
    "Rotator %r has no screen to show.": "L'écran rotatif %r n'a aucun écran à montrer.",
    "Screen %r is not an input screen.": "L'écran %r n'est pas un écran de saisie.",
    "Screen %r is not a results screen.": "L'écran %r n'est pas un écran de résultats.",
    "Screen %r is not a standings screen.": "L'écran %r n'est pas un écran de classement.",
    "No set %s on screen %r.": "Aucun bloc %s sur l'écran %r.",
    "Choose a tournament with --tournament: %s.": "Choisissez un tournoi avec --tournament : %s.",
    "Family %r has no screen %s now (the tournament changed?).":
        "La famille %r n'a pas d'écran %s maintenant (le tournoi a changé ?).",
    "Unknown tie-break edition %r (use %s).": "Édition de départages inconnue %r (utilisez %s).",
    "Too many wrong passwords from this device: wait %s s and try again.":
        "Trop de mots de passe erronés depuis cet appareil : attendez %s s et réessayez.",
}

# UI_FR: i18n/fr_ui.py (language, names of codes), merged last; STORE_FR: the store's refusals;
# HALL_FR: i18n/fr_hall.py (hall screens); ADMIN_UI_FR: i18n/fr_admin_ui.py (admin confirmations, builders);
# HARDENING_FR: i18n/fr_hardening.py (limits, logins); PUBLISH_FR: i18n/fr_publish.py;
# RESYNC_FR: i18n/fr_resync.py (TRF re-sync, -p import); TEAMS_FR: i18n/fr_teams.py (team competitions);
# JOURNAL_FR: i18n/fr_journal.py (who may undo, writes by other programs);
# TEAMS_UI_FR: i18n/fr_teams_ui.py (team admin pages, team hall screens)
CATALOGS = {"fr": {**ADMIN_FR, **ADMIN_UI_FR, **PAIRING_FR, **DESK_FR, **HALL_FR, **TRF_FR, **STORE_FR, **TEAMS_FR,
                   **TEAMS_UI_FR, **TEAMS_ENGINE_FR, **HARDENING_FR, **PUBLISH_FR, **FR, **UI_FR, **RESYNC_FR,
                   **FILES_FR, **JOURNAL_FR, **HARDEN_FILES_FR, **PAPI_LOOP_FR}}


def translator(language: str) -> Callable[..., str]:
    """`_("Board %s with White against", 12)`: translate, then fill the `%s` in order.

    >>> translator("fr")("Board %s with White against", 12)
    'Éch. 12 avec les Blancs contre'
    >>> translator("en")("Round")
    'Round'
    """
    catalog = CATALOGS.get(language, {})

    def _(text: str, *args: object) -> str:
        out = catalog.get(text, text)
        return out % args if args else out

    return _
