"""French for the arbiter's desk, the pairing workflow and the print sheets (merged into i18n/__init__.py)."""

from __future__ import annotations

DESK_FR: dict[str, str] = {
    # desk
    "Arbiter's desk": "Bureau de l'arbitre",
    "Event page": "Page de l'évènement",
    "Round published: the hall screens show it now.": "Ronde publiée : les écrans de la salle l'affichent.",
    "Round unpaired.": "Appariement de la ronde annulé.",
    "Round %s of %s": "Ronde %s sur %s",
    "%s games without result": "%s parties sans résultat",
    "Before round 1 (check-in)": "Avant la ronde 1 (pointage)",
    "Games of round %s still without a result": "Parties de la ronde %s encore sans résultat",
    "Enter the result": "Saisir le résultat",
    "Correct a result on the input screen %s": "Corriger un résultat sur l'écran de saisie %s",
    "Next step": "Étape suivante",
    "Every round is paired.": "Toutes les rondes sont appariées.",
    "The tournament is over: print the standings and export the TRF file.":
        "Le tournoi est terminé : imprimez le classement et exportez le fichier TRF.",
    "Enter the %s missing results before pairing round %s.":
        "Saisissez les %s résultats manquants avant d'apparier la ronde %s.",
    "Not paired in round %s:": "Non apparié·es à la ronde %s :",
    "Continue the draft of round %s": "Reprendre le projet de la ronde %s",
    "Pair round %s": "Apparier la ronde %s",
    "Or load round %s from a file": "Ou charger la ronde %s depuis un fichier",
    "Before pairing: requested byes, withdrawals and late entries.":
        "Avant d'apparier : byes demandés, retraits et inscriptions tardives.",
    "Ask the server administrator (player pages).":
        "Demandez à l'administrateur·rice du serveur (pages des joueur·euses).",
    "Unpair round %s": "Désapparier la ronde %s",
    "Unpair round %s? Its pairings are removed from every screen.":
        "Désapparier la ronde %s ? Ses appariements disparaissent de tous les écrans.",
    "Print and export": "Impression et export",
    "Pairings by board": "Appariements par échiquier",
    "Pairings, alphabetical": "Appariements, ordre alphabétique",
    "Standings (print)": "Classement (impression)",
    "Cross-table (print)": "Grille américaine (impression)",
    "Journal of this tournament": "Journal de ce tournoi",
    "Latest changes": "Dernières modifications",
    "Whole journal (filters, undo)": "Journal complet (filtres, annulation)",
    # pairing page
    "Every round of this tournament is paired.": "Toutes les rondes de ce tournoi sont appariées.",
    "Requested byes, withdrawals and late entries are entered before pairing.":
        "Les byes demandés, retraits et inscriptions tardives se saisissent avant d'apparier.",
    "Pairing… (a large tournament takes a few seconds)": "Appariement… (quelques secondes pour un grand tournoi)",
    "Pair anyway, although results are missing": "Apparier quand même, malgré les résultats manquants",
    "A game without result counts as played, with no point for either player. The hall screens show the new round"
    " only once the missing results are entered.":
        "Une partie sans résultat compte comme jouée, sans point pour personne. Les écrans de la salle n'affichent la"
        " nouvelle ronde qu'une fois les résultats manquants saisis.",
    "Round %s is paired, but the hall screens show round %s until its missing results are entered.":
        "La ronde %s est appariée, mais les écrans de la salle affichent la ronde %s tant que ses résultats manquants"
        " ne sont pas saisis.",
    "Draft of round %s: not published yet; the hall still shows the previous round.":
        "Projet de la ronde %s : pas encore publié ; la salle affiche toujours la ronde précédente.",
    "Paired although results were missing.": "Apparié malgré des résultats manquants.",
    "This draft cannot be published:": "Ce projet ne peut pas être publié :",
    "%s pairing rules broken (shown on the boards): publish only if you mean it.":
        "%s règles d'appariement enfreintes (indiquées sur les échiquiers) : ne publiez qu'en connaissance de cause.",
    "Changes by hand:": "Modifications manuelles :",
    "Rules broken": "Règles enfreintes",
    "Swap colours": "Inverser les couleurs",
    "Colours so far (w White, b Black, - no game)": "Couleurs jusqu'ici (w Blancs, b Noirs, - sans partie)",
    "Floats so far (↑ up, ↓ down)": "Flottements jusqu'ici (↑ montant, ↓ descendant)",
    "Under each name: rating · points · colours so far (w White, b Black, - no game) · floats so far (↑ up, ↓ down,"
    " – none).":
        "Sous chaque nom : classement · points · couleurs jusqu'ici (w Blancs, b Noirs, - sans partie) · flottements"
        " jusqu'ici (↑ montant, ↓ descendant, – aucun).",
    "Change by hand": "Modifier à la main",
    "Exchange two players": "Échanger deux joueur·euses",
    "Pair two players together": "Apparier deux joueur·euses ensemble",
    "Give the bye to": "Donner l'exemption à",
    "and": "et",
    "Apply": "Appliquer",
    "Publish round %s": "Publier la ronde %s",
    "Discard the draft": "Abandonner le projet",
    "Not paired in round %s": "Non apparié·es à la ronde %s",
    "Remove": "Retirer",
    "Nobody: every player is paired.": "Personne : tout le monde est apparié.",
    "Requested bye": "Bye demandé",
    "Add": "Ajouter",
    "Withdrawals and late entries:": "Retraits et inscriptions tardives :",
    "A requested bye is worth 1, ½ or 0 points, not %s.": "Un bye demandé vaut 1, ½ ou 0 point, pas %s.",
    "Round %s is already paired: unpair it first. Nothing was changed.":
        "La ronde %s est déjà appariée : désappariez-la d'abord. Rien n'a été modifié.",
    "%s has no requested bye in round %s. Nothing was changed.":
        "%s n'a pas de bye demandé à la ronde %s. Rien n'a été modifié.",
    # rule checks (tournament/pairing/checks.py)
    "%s and %s have already played each other.": "%s et %s se sont déjà rencontré·es.",
    "%s would have White three times in a row.": "%s aurait les Blancs trois fois de suite.",
    "%s would have Black three times in a row.": "%s aurait les Noirs trois fois de suite.",
    "%s would have a colour difference of %s.": "%s aurait une différence de couleurs de %s.",
    "%s already had a pairing-allocated bye or a point without playing.":
        "%s a déjà eu une exemption ou un point sans jouer.",
    "%s is paired twice.": "%s est apparié·e deux fois.",
    "%s is not paired.": "%s n'est pas apparié·e.",
    "%s is not to be paired in this round (requested bye or withdrawal).":
        "%s ne doit pas être apparié·e à cette ronde (bye demandé ou retrait).",
    "Player %s is not in this tournament.": "Le joueur ou la joueuse %s n'est pas dans ce tournoi.",
    "More than one player has the pairing-allocated bye.": "Plusieurs joueur·euses ont l'exemption.",
    "%s is not on any board of this draft.": "%s n'est sur aucun échiquier de ce projet.",
    "There is no board %s in this draft.": "Il n'y a pas d'échiquier %s dans ce projet.",
    "The bye has no colours to swap.": "L'exemption n'a pas de couleurs à inverser.",
    "Choose two different players.": "Choisissez deux joueur·euses différent·es.",
    "%s and %s are already paired together.": "%s et %s sont déjà apparié·es ensemble.",
    "Nobody has the bye in this round (even number of players): exchange %s with another player instead.":
        "Personne n'est exempt à cette ronde (nombre pair) : échangez plutôt %s avec un·e autre joueur·euse.",
    "%s already has the bye.": "%s est déjà exempt·e.",
    # refusals (app/pairing/draft.py, database/rounds.py, web/controllers/pairing.py)
    "Round %s does not exist: this tournament has %s rounds.": "La ronde %s n'existe pas : ce tournoi a %s rondes.",
    "Round %s is not the next round to pair (that is round %s).":
        "La ronde %s n'est pas la prochaine à apparier (c'est la ronde %s).",
    "%s games of round %s still have no result: enter them first, or confirm to pair anyway.":
        "%s parties de la ronde %s n'ont pas encore de résultat : saisissez-les d'abord, ou confirmez pour apparier"
        " quand même.",
    "This tournament has no player to pair.": "Ce tournoi n'a aucun·e joueur·euse à apparier.",
    "Fewer than two players to pair in round %s.": "Moins de deux joueur·euses à apparier à la ronde %s.",
    "Two boards would get the same number: check the players' fixed boards.":
        "Deux échiquiers auraient le même numéro : vérifiez les échiquiers fixes des joueur·euses.",
    "Set the number of rounds of %s before pairing it.": "Indiquez le nombre de rondes de %s avant de l'apparier.",
    "No event %s in %s.": "Pas d'évènement %s dans %s.",
    "The draft no longer fits the tournament (%s): pair the round again.":
        "Le projet ne correspond plus au tournoi (%s) : appariez à nouveau la ronde.",
    "The tournament changed since this draft was made (a result, a player or a requested bye): pair the round again.":
        "Le tournoi a changé depuis ce projet (un résultat, un·e joueur·euse ou un bye demandé) : appariez à nouveau"
        " la ronde.",
    "There is no pairing draft for this tournament: pair the round first.":
        "Il n'y a pas de projet d'appariement pour ce tournoi : appariez d'abord la ronde.",
    "The draft is for round %s, not round %s: reload the page.":
        "Le projet concerne la ronde %s, pas la ronde %s : rechargez la page.",
    "Round %s has no pairing to publish.": "La ronde %s n'a aucun appariement à publier.",
    "Round %s cannot be published: the last paired round is %s (paired meanwhile?). Nothing was changed.":
        "La ronde %s ne peut pas être publiée : la dernière ronde appariée est la %s (appariée entre-temps ?)."
        " Rien n'a été modifié.",
    "Player %s is no longer in this tournament. Nothing was changed.":
        "Le joueur ou la joueuse %s n'est plus dans ce tournoi. Rien n'a été modifié.",
    "A player appears twice in round %s. Nothing was changed.":
        "Un·e joueur·euse apparaît deux fois à la ronde %s. Rien n'a été modifié.",
    "A bye needs its kind, a game none. Nothing was changed.":
        "Une exemption demande son type, une partie aucun. Rien n'a été modifié.",
    "No round is paired yet. Nothing was changed.": "Aucune ronde n'est encore appariée. Rien n'a été modifié.",
    "Only the last paired round (%s) can be unpaired. Nothing was changed.":
        "Seule la dernière ronde appariée (%s) peut être désappariée. Rien n'a été modifié.",
    "Round %s already has %s results: delete them first to unpair it. Nothing was changed.":
        "La ronde %s a déjà %s résultats : supprimez-les d'abord pour la désapparier. Rien n'a été modifié.",
    # journal lines written by database/rounds.py (shown through the journal's translation of stored texts)
    "round published": "ronde publiée",
    "arbiter": "arbitre",
    "system": "système",
    "round unpaired": "ronde désappariée",
    "requested bye": "bye demandé",
    "requested bye cancelled": "bye demandé annulé",
    "round %s": "ronde %s",
    "round %s, board %s": "ronde %s, échiquier %s",
    "%s games, %s byes": "%s parties, %s exemptions",
    "%s pairings": "%s appariements",
    # print sheets
    "Printed %s": "Imprimé le %s",
    "Pairings of round %s": "Appariements de la ronde %s",
    "Colour": "Couleur",
    "Fed.": "Féd.",
    "R%s": "R%s",
    "No round of %s is paired yet.": "Aucune ronde de %s n'est encore appariée.",
    "Round %s is not paired yet.": "La ronde %s n'est pas encore appariée.",
    "Each round: the opponent's rank, w (White) or b (Black), then the result; + − forfeits, U pairing-allocated bye,"
    " F full-point bye, H half-point bye, Z not paired.":
        "Chaque ronde : le rang de l'adversaire, w (Blancs) ou b (Noirs), puis le résultat ; + − forfaits,"
        " U exemption, F bye 1 point, H bye ½ point, Z non apparié·e.",
}
