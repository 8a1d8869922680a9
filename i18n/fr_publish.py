"""French for publication (app/publication/publisher.py, templates/public/, admin/_publication.html)."""

from __future__ import annotations

PUBLISH_FR: dict[str, str] = {
    "Results": "Résultats",
    "Live: this page updates by itself.": "En direct : cette page se met à jour toute seule.",
    "Publication": "Publication",
    "Publish to (rclone remote)": "Publier vers (remote rclone)",
    "name:path of an rclone remote, e.g. club-site:echiquier/open; empty: not published.":
        "nom:chemin d'un remote rclone, par ex. club-site:echiquier/open ; vide : pas de publication.",
    "Not an rclone remote: %s (write name:path, e.g. club-site:echiquier/open).":
        "Pas un remote rclone : %s (écrire nom:chemin, par ex. club-site:echiquier/open).",
    "State": "État",
    "Last success": "Dernier envoi réussi",
    "Files pending": "Fichiers en attente",
    "Error": "Erreur",
    "never": "jamais",
    "off": "désactivée",
    "not public": "évènement non public",
    "pending": "en attente",
    "publishing": "envoi en cours",
    "ok": "à jour",
    "error": "erreur",
    "Only a public event is published: its boards, players, results, standings and cross-tables; never a "
    "screen, code, password or the journal.":
        "Seul un évènement public est publié : ses échiquiers, joueur·euses, résultats, classements et grilles ; "
        "jamais un écran, un code, un mot de passe ni le journal.",
    "Event %s has no 'publish to' setting: give --remote name:path.":
        "L'évènement %s n'a pas de réglage « publier vers » : donner --remote nom:chemin.",
    "Not published: %s": "Non publié : %s",
    "Another process (a running server) publishes %s: see its admin page.":
        "Un autre processus (un serveur en marche) publie %s : voir sa page d'administration.",
}
