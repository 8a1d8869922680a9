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
    "Refused: %s is not the name of a configured rclone remote with a path. Remotes made on the fly"
    " (:backend,…), options (name,option=value:) and local folders are not accepted: configure the remote"
    " with rclone config on the server, then write name:path.":
        "Refusé : %s n'est pas le nom d'un remote rclone configuré suivi d'un chemin. Les remotes créés à la volée"
        " (:backend,…), les options (nom,option=valeur:) et les dossiers locaux ne sont pas acceptés : configurer le"
        " remote avec rclone config sur le serveur, puis écrire nom:chemin.",
    "No rclone remote named %s on the server: configure it with rclone config (rclone listremotes lists"
    " them), then write name:path.":
        "Aucun remote rclone nommé %s sur le serveur : le configurer avec rclone config (rclone listremotes les"
        " liste), puis écrire nom:chemin.",
    "rclone cannot list its remotes: %s": "rclone ne peut pas lister ses remotes : %s",
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
