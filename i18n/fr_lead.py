"""French for the initial ranking (tournament/seeding.py) and the admin's renumbering (merged into i18n CATALOGS)."""

from __future__ import annotations

LEAD_FR: dict[str, str] = {
    "Pairing numbers": "Numéros d'appariement",
    "Round 1 is paired: the pairing numbers are fixed; a late entrant gets the next number.":
        "La ronde 1 est appariée : les numéros d'appariement sont figés ; un·e retardataire reçoit le numéro suivant.",
    "Until round 1 is paired, pairing numbers follow the initial ranking (FIDE C.04.2): rating, then title (GM, IM, "
    "WGM, FM, WIM, CM, WFM, WCM), then name. Players entered or imported are numbered so at once.":
        "Jusqu'à l'appariement de la ronde 1, les numéros suivent le classement initial (FIDE C.04.2) : Elo, puis "
        "titre (GM, IM, WGM, FM, WIM, CM, WFM, WCM), puis nom. Les joueur·euses saisi·es ou importé·es sont "
        "numéroté·es ainsi aussitôt.",
    "Renumber by the initial ranking": "Renuméroter selon le classement initial",
    "Add a player": "Ajouter un·e joueur·euse",
    "Round 1 is paired: the pairing numbers are fixed now (a late entrant gets the next one).":
        "La ronde 1 est appariée : les numéros d'appariement sont désormais figés (un·e retardataire reçoit le "
        "suivant).",
}
