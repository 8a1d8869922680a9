"""French for the team admin pages and the team hall screens (merged into i18n/__init__.py CATALOGS)."""

from __future__ import annotations

TEAMS_UI_FR: dict[str, str] = {
    # admin: the team tournament and its teams (templates/admin/teams.html, team.html)
    "Teams": "Équipes",
    "Next step: add the teams below": "Étape suivante : ajoutez les équipes ci-dessous",
    "A team tournament: %s boards a team.": "Un tournoi par équipes : %s échiquiers par équipe.",
    "This tournament is individual. Make it a team tournament to enter teams, line-ups and team results.":
        "Ce tournoi est individuel. Faites-en un tournoi par équipes pour saisir les équipes, les compositions et "
        "les résultats par équipes.",
    "Team settings": "Réglages des équipes",
    "Make it a team tournament": "En faire un tournoi par équipes",
    "Boards per team": "Échiquiers par équipe",
    "Fixed: the matches are paired.": "Fixé : les matchs sont appariés.",
    "Scoring": "Décompte des points",
    "FIDE (match 2 / 1 / 0)": "FIDE (match 2 / 1 / 0)",
    "FFE interclubs (match 3 / 2 / 1, forfeit 0)": "Interclubs FFE (match 3 / 2 / 1, forfait 0)",
    "Custom points": "Points au choix",
    "Line-ups keep the declared board order": "Les compositions suivent l'ordre des échiquiers déclaré",
    "A board may be left empty (board forfeit)": "Un échiquier peut rester vide (forfait à cet échiquier)",
    "A drawn match is broken by the board count": "Un match nul est départagé par le décompte des échiquiers",
    "Points of a custom scoring (ignored by the FIDE and FFE presets)":
        "Points d'un décompte au choix (ignorés par les décomptes FIDE et FFE)",
    "Match won": "Match gagné",
    "Match drawn": "Match nul",
    "Match lost": "Match perdu",
    "Match lost by forfeit": "Match perdu par forfait",
    "Match bye (no opponent)": "Match exempt (sans adversaire)",
    "Game won": "Partie gagnée",
    "Game drawn": "Partie nulle",
    "Game lost": "Partie perdue",
    "Short name": "Nom court",
    "Members in board order": "Membres dans l'ordre des échiquiers",
    "No member yet.": "Aucun membre pour l'instant.",
    "No team yet.": "Aucune équipe pour l'instant.",
    "Add a team": "Ajouter une équipe",
    "FRA, GER…": "FRA, GER…",
    "Add the team": "Ajouter l'équipe",
    "Make it individual again": "Le rendre de nouveau individuel",
    "Next step: choose the members in board order":
        "Étape suivante : choisissez les membres dans l'ordre des échiquiers",
    "Team %s": "Équipe %s",
    "Members in board order (%s boards a match; the others are reserves)":
        "Membres dans l'ordre des échiquiers (%s échiquiers par match ; les autres sont remplaçant·es)",
    "Board 1 is the strongest. An empty place is skipped: the players below move up.":
        "L'échiquier 1 est le plus fort. Une place vide est sautée : les joueur·euses en dessous remontent.",
    "Reserve %s": "Remplaçant·e %s",
    "Add a new player to this team": "Ajouter un·e nouveau·elle joueur·euse à cette équipe",
    "The player joins the tournament with the next number and comes last in the board order.":
        "Le joueur ou la joueuse entre dans le tournoi avec le numéro suivant et se place en dernier dans l'ordre "
        "des échiquiers.",
    "Add the player": "Ajouter le joueur ou la joueuse",
    "This team has matches: it cannot be deleted.": "Cette équipe a des matchs : elle ne peut pas être supprimée.",
    "Its members stay players of the tournament.": "Ses membres restent joueur·euses du tournoi.",
    "Delete the team": "Supprimer l'équipe",
    # refusals of the forms (tournament/teams/rules.py, tournament/hall/screen_rules.py) and of the store
    "Enter points as a number such as 2 or 0.5.": "Saisissez des points sous forme de nombre, comme 2 ou 0,5.",
    "Points are between 0 and %s.": "Les points sont compris entre 0 et %s.",
    "A match won must be worth more than a match drawn, and a draw at least a loss.":
        "Un match gagné doit valoir plus qu'un match nul, et un nul au moins autant qu'une défaite.",
    "A game won must be worth more than a draw, and a draw at least a loss.":
        "Une partie gagnée doit valoir plus qu'une nulle, et une nulle au moins autant qu'une défaite.",
    "The team size cannot change once matches are paired (%s boards).":
        "Le nombre d'échiquiers ne peut plus changer une fois les matchs appariés (%s échiquiers).",
    "There is already a team with this name.": "Il existe déjà une équipe de ce nom.",
    "A federation is a code of 2 or 3 letters (FRA, GER…).":
        "Une fédération est un code de 2 ou 3 lettres (FRA, GER…).",
    "This player is already on board %s.": "Ce joueur ou cette joueuse est déjà à l'échiquier %s.",
    "This player is already in team %s.": "Ce joueur ou cette joueuse est déjà dans l'équipe %s.",
    "This tournament is not a team tournament.": "Ce tournoi n'est pas un tournoi par équipes.",
    "Team screens need a team tournament in the event.":
        "Les écrans par équipes demandent un tournoi par équipes dans l'évènement.",
    "Team %s already has matches: it cannot be deleted.":
        "L'équipe %s a déjà des matchs : elle ne peut pas être supprimée.",
    "A player needs a last name.": "Un joueur ou une joueuse doit avoir un nom.",
    "Delete the teams first: the tournament still has teams.":
        "Supprimez d'abord les équipes : le tournoi en a encore.",
    # hall: team screens (app/views/team_screens.py, app/views/screens.py)
    "Team cross-table": "Grille américaine par équipes",
    "team boards": "échiquiers par équipes",
    "the team boards screens": "les écrans des échiquiers par équipes",
    "the team standings screens": "les écrans des classements par équipes",
    "the team cross-table screens": "les écrans des grilles américaines par équipes",
    "team standings": "classement par équipes",
    "cross-table": "grille américaine",
    "Tables %s to %s": "Tables %s à %s",
    "Set %s: %s is not a team tournament.": "Ensemble %s : %s n'est pas un tournoi par équipes.",
    "Screen %r is not a team screen.": "L'écran %r n'est pas un écran par équipes.",
}
