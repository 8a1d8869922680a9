"""French for the pairing engines' refusals (tournament/pairing; merged into `i18n.CATALOGS`)."""

from __future__ import annotations

PAIRING_FR: dict[str, str] = {
    "Unknown pairing system %s (dutch or berger).": "Système d'appariement inconnu %s (dutch ou berger).",
    "A round robin of %s players has no round %s.": "Un toutes-rondes de %s joueurs n'a pas de ronde %s.",
    "A round robin needs at least two players.": "Un toutes-rondes demande au moins deux joueurs.",
    "No pairing of round %s respects the rules (%s).":
        "Aucun appariement de la ronde %s ne respecte les règles (%s).",
    "The number of rounds of tournament %s is not set.": "Le nombre de rondes du tournoi %s n'est pas fixé.",
    "Round %s: a pairing names a player who is not in the tournament.":
        "Ronde %s : un appariement nomme un joueur qui n'est pas dans le tournoi.",
    "Round %s, board %s has no result yet.": "Ronde %s, l'échiquier %s n'a pas encore de résultat.",
    "Two players have the same id.": "Deux joueurs ont le même identifiant.",
    "Pairing numbers must be distinct positive numbers.":
        "Les numéros d'appariement doivent être des nombres positifs distincts.",
    "The tournament needs at least one round.": "Le tournoi doit avoir au moins une ronde.",
    "Round %s cannot be paired: the tournament has %s rounds.":
        "La ronde %s ne peut pas être appariée : le tournoi a %s rondes.",
    "Player %s already has a result in round %s.": "Le joueur %s a déjà un résultat à la ronde %s.",
    "Player %s: virtual points are a non-negative number of half points.":
        "Joueur %s : les points virtuels sont un nombre positif ou nul de demi-points.",
    "Player %s: a requested bye is a full, half or zero-point bye.":
        "Joueur %s : une exemption demandée vaut un point, un demi-point ou zéro.",
    "Player %s, round %s: a game needs a known opponent and a colour.":
        "Joueur %s, ronde %s : une partie demande un adversaire connu et une couleur.",
    "Round %s: players %s and %s do not agree on their game.":
        "Ronde %s : les joueurs %s et %s ne sont pas d'accord sur leur partie.",
    "Player %s, round %s: a bye has no opponent.": "Joueur %s, ronde %s : une exemption n'a pas d'adversaire.",
    "Forbidden pairs name an unknown player %s.": "Les paires interdites nomment un joueur inconnu %s.",
    "Player %s, round %s: the game has no result; every result is needed to pair the next round.":
        "Joueur %s, ronde %s : la partie n'a pas de résultat ; tous les résultats sont nécessaires pour "
        "apparier la ronde suivante.",
    "Player %s, round %s: the game has no colour.": "Joueur %s, ronde %s : la partie n'a pas de couleur.",
    "The file does not say how many rounds the tournament has (142 or XXR record).":
        "Le fichier ne dit pas combien de rondes a le tournoi (enregistrement 142 ou XXR).",
    "All %s rounds are already played.": "Les %s rondes sont déjà jouées.",
    "Player %s, round %s: opponent %s is not in the file.":
        "Joueur %s, ronde %s : l'adversaire %s n'est pas dans le fichier.",
}
