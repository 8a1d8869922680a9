"""French for the hall screens, the result dialog, board cards and the journal (issue 17)."""

from __future__ import annotations

HALL_FR: dict[str, str] = {
    # one result layout everywhere
    "White wins": "Victoire des Blancs",
    "Black wins": "Victoire des Noirs",
    "Draw": "Nulle",
    "White wins by forfeit": "Victoire des Blancs par forfait",
    "Black wins by forfeit": "Victoire des Noirs par forfait",
    "Double forfeit": "Double forfait",
    "current result": "résultat actuel",
    "Board %s, %s – %s: change %s → %s (%s → %s)?": "Échiquier %s, %s – %s : changer %s → %s (%s → %s) ?",
    "Board %s, %s – %s: enter %s (%s)?": "Échiquier %s, %s – %s : saisir %s (%s) ?",
}
HALL_FR.update({
    # board cards
    "No game on board %s in the current round.": "Aucune partie sur l'échiquier %s dans la ronde en cours.",
    "The game on board %s has changed (a new round or new pairings): reload the page.":
        "La partie de l'échiquier %s a changé (nouvelle ronde ou nouveaux appariements) : rechargez la page.",
    "Not a host for the cards: %s (write it as http://name:port).":
        "Adresse invalide pour les cartes : %s (écrivez-la http://nom:port).",
    "%s board cards, for the whole event: each card opens the current round's game of its board.":
        "%s cartes d'échiquier, pour tout l'évènement : chaque carte ouvre la partie de la ronde en cours sur"
        " son échiquier.",
    "Address printed in the codes": "Adresse imprimée dans les codes",
    "Use this address": "Utiliser cette adresse",
    "Print with an address that stays the same all event: a name such as http://echiquier.local:8080 (the"
    " laptop's name on the hall network) or a name given by the hall's router, not an IP address that may"
    " change when the laptop reconnects.":
        "Imprimez avec une adresse qui ne change pas de tout l'évènement : un nom comme"
        " http://echiquier.local:8080 (le nom du portable sur le réseau de la salle) ou un nom donné par le"
        " routeur de la salle, pas une adresse IP qui peut changer quand le portable se reconnecte.",
    "Scan to enter the result of the game on this board.":
        "Scannez pour saisir le résultat de la partie sur cet échiquier.",
})
HALL_FR.update({
    # the journal
    "Game": "Partie",
    "undoes #%s": "annule #%s",
    "round %s, board %s": "ronde %s, échiquier %s",
    "Undo #%s, %s %s%s: %s → %s?": "Annuler #%s, %s %s%s : %s → %s ?",
})
HALL_FR.update({
    # input screens on tablets and phones
    "Find a board or a player": "Chercher un échiquier ou un·e joueur·euse",
    "%s found": "%s trouvé(s)",
})
