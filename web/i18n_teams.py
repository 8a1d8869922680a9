"""French for team competitions: hall pages, entry, line-ups and their refusals (merged into web/i18n.py)."""

from __future__ import annotations

TEAMS_FR: dict[str, str] = {
    # pages
    "Team boards": "Échiquiers par équipes",
    "Team standings": "Classement par équipes",
    "Team results": "Résultats par équipes",
    "Table %s": "Table %s",
    "Forfeit": "Forfait",
    "No match in this round yet.": "Aucun match dans cette ronde pour l'instant.",
    "Team": "Équipe",
    "Match points": "Points de match",
    "Game points": "Points de partie",
    "Round %s": "Ronde %s",
    "Line-ups and forfeits": "Compositions et forfaits",
    "Line-up of %s (player numbers by board, - for nobody)":
        "Composition de %s (numéros des joueurs par échiquier, - pour personne)",
    "Save the line-up": "Enregistrer la composition",
    "No team forfeit": "Pas de forfait d'équipe",
    "%s did not come": "%s ne s'est pas présentée",
    "Neither team came": "Aucune des deux équipes ne s'est présentée",
    # refusals
    "No match %s in this tournament.": "Pas de match %s dans ce tournoi.",
    "Tournament %s is not a team tournament.": "Le tournoi %s n'est pas un tournoi par équipes.",
    "A team has 1 to 20 boards, not %s.": "Une équipe a de 1 à 20 échiquiers, pas %s.",
    "A team needs a name.": "Une équipe doit avoir un nom.",
    "A player is listed twice in the team.": "Un joueur figure deux fois dans l'équipe.",
    "A side is A or B, not %s.": "Un côté est A ou B, pas %s.",
    "This team has no opponent in round %s.": "Cette équipe n'a pas d'adversaire à la ronde %s.",
    "Match %s already has results: correct the boards instead.":
        "Le match %s a déjà des résultats : corrigez plutôt les échiquiers.",
    "Round %s already has its matches.": "La ronde %s a déjà ses matchs.",
    "Team pairing system %s is not available (berger only).":
        "Le système d'appariement par équipes %s n'est pas disponible (berger seulement).",
    "Only an arbiter may pair a round.": "Seul un arbitre peut apparier une ronde.",
    "A forfeit is A, B or AB, not %s.": "Un forfait est A, B ou AB, pas %s.",
    "No board %s in this match.": "Pas d'échiquier %s dans ce match.",
    "There is already a team %s.": "Il existe déjà une équipe %s.",
    "Player %s is already in team %s.": "Le joueur %s est déjà dans l'équipe %s.",
    "Player %s already plays in round %s.": "Le joueur %s joue déjà à la ronde %s.",
    "No team %s in this tournament.": "Pas d'équipe %s dans ce tournoi.",
    "Team %s already has a match in round %s.": "L'équipe %s a déjà un match à la ronde %s.",
    "Unknown team scoring %s.": "Décompte par équipes inconnu : %s.",
    "A round robin needs at least two teams.": "Un toutes-rondes demande au moins deux équipes.",
    "Unknown team scoring setting %s.": "Réglage de décompte par équipes inconnu : %s.",
    "Unknown team tie-break %s.": "Départage par équipes inconnu : %s.",
    "This file has no team records (013 or 310).": "Ce fichier n'a pas d'enregistrements d'équipes (013 ou 310).",
    "Log in to enter results.": "Connectez-vous pour saisir les résultats.",
    "Only an arbiter may correct a result.": "Seul un arbitre peut corriger un résultat.",
    "Only an arbiter may enter line-ups.": "Seul un arbitre peut saisir les compositions.",
    "Only an arbiter may declare a team forfeit.": "Seul un arbitre peut déclarer un forfait d'équipe.",
    "A line-up has %s boards.": "Une composition a %s échiquiers.",
    "Player %s is not a member of the team.": "Le joueur %s n'est pas membre de l'équipe.",
    "Every board must have a player.": "Chaque échiquier doit avoir un joueur.",
    "Player %s is fielded above player %s against the declared board order.":
        "Le joueur %s est placé au-dessus du joueur %s, contre l'ordre des échiquiers déclaré.",
    "A player is fielded on two boards.": "Un joueur est placé sur deux échiquiers.",
}
