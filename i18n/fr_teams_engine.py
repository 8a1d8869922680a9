"""French for team pairing (the FIDE team Swiss, the desk's team round), team exports and their refusals
(merged into i18n/__init__.py)."""

from __future__ import annotations

TEAMS_ENGINE_FR: dict[str, str] = {
    # the desk's team pairing page
    "Team tournament: %s teams, %s boards a match.": "Tournoi par équipes : %s équipes, %s échiquiers par match.",
    "Round robin on the Berger tables.": "Toutes rondes sur les tables de Berger.",
    "FIDE Swiss team system (C.04.6).": "Système suisse FIDE par équipes (C.04.6).",
    "Field each team's declared board order (the games are created now; line-ups can be changed until a result"
    " is in)": "Aligner l'ordre des échiquiers déclaré de chaque équipe (les parties sont créées maintenant ; les"
                " compositions restent modifiables jusqu'au premier résultat)",
    "Pair and publish round %s": "Apparier et publier la ronde %s",
    "White on board 1": "Blancs au premier échiquier",
    "Table": "Table",
    # refusals
    "Team pairing system %s is not available (berger or fideteam).":
        "Le système d'appariement par équipes %s n'est pas disponible (berger ou fideteam).",
    "Set the number of rounds of the tournament before pairing a team Swiss.":
        "Indiquez le nombre de rondes du tournoi avant d'apparier un suisse par équipes.",
    "Round %s cannot be paired: the rounds before it must be paired and no round after it.":
        "La ronde %s ne peut pas être appariée : les rondes précédentes doivent l'être, et aucune ronde suivante.",
    "A round robin pairs every team (its tables are fixed).":
        "Un toutes rondes apparie toutes les équipes (ses tables sont fixées).",
    "The team tournament cannot be paired: %s": "Le tournoi par équipes ne peut pas être apparié : %s",
    "Round %s cannot be paired: %s rounds are played.":
        "La ronde %s ne peut pas être appariée : %s rondes sont jouées.",
    "Fewer than two teams to pair in round %s.": "Moins de deux équipes à apparier à la ronde %s.",
    "Unknown team pairing system %s (fideteam).": "Système d'appariement par équipes inconnu : %s (fideteam).",
}
