"""The one translation layer: English text is the key; French in FR. English by default."""

from __future__ import annotations

from collections.abc import Callable

from web.i18n_admin import ADMIN_FR

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
}

CATALOGS = {"fr": {**ADMIN_FR, **FR}}


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
