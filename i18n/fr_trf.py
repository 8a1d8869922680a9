"""French for the TRF reader's problems (tournament/formats/trf.py, trf_checks.py, trf_lint.py: message keys and hints)
and for the refusals of a pairing program's output (tournament/formats/importing.py). Merged into `i18n.CATALOGS`."""

from __future__ import annotations

TRF_FR: dict[str, str] = {
    # reader: lines and fields
    "round blocks from round %s are not at their columns (read anyway)":
        "les blocs de ronde à partir de la ronde %s ne sont pas à leurs colonnes (lus quand même)",
    "unknown title %s: read as no title": "titre inconnu %s : lu sans titre",
    "columns 5-8 must hold the starting rank": "les colonnes 5 à 8 doivent contenir le numéro d'appariement",
    "columns 15-47 must hold the name": "les colonnes 15 à 47 doivent contenir le nom",
    "round %s: code %s without opponent, read as a zero-point bye (Z)":
        "ronde %s : code %s sans adversaire, lu comme un bye à zéro point (Z)",
    "round %s: unreadable block %s": "ronde %s : bloc illisible %s",
    "the title is one column to the right": "le titre est une colonne trop à droite",
    "the title is one column to the left": "le titre est une colonne trop à gauche",
    "title %s written in lower case, read as %s": "titre %s écrit en minuscules, lu comme %s",
    "title %s read as %s": "titre %s lu comme %s",
    "this is not a TRF file (binary data)": "ce n'est pas un fichier TRF (données binaires)",
    "%s more lines ignored": "%s autres lignes ignorées",
    "%s blank lines between records ignored": "%s lignes vides entre les enregistrements ignorées",
    "no player (001) line": "aucune ligne de joueur (001)",
    "round %s: result code %s is not a TRF code; the game is read without a result":
        "ronde %s : le code de résultat %s n'est pas un code TRF ; la partie est lue sans résultat",
    "round %s: bye written %s, read as %s": "ronde %s : bye écrit %s, lu comme %s",
    "rating %s is not a number: the player is read as unrated":
        "le classement %s n'est pas un nombre : le joueur est lu sans classement",
    "points %s are not a number: the results decide": "les points %s ne sont pas un nombre : les résultats font foi",
    "too many errors; reading stopped": "trop d'erreurs ; lecture arrêtée",
    "round %s: code %s with opponent %s: read as a bye without opponent":
        "ronde %s : code %s avec l'adversaire %s : lu comme un bye sans adversaire",
    "round %s: result %s read as not played yet": "ronde %s : résultat %s lu comme pas encore joué",
    "column ruler ignored": "règle de colonnes ignorée",
    "record %s given twice; the first one is used": "enregistrement %s donné deux fois ; le premier est retenu",
    "not a TRF record: line ignored": "pas un enregistrement TRF : ligne ignorée",
    # cross-line checks
    "round %s: both %s and %s have colour %s": "ronde %s : %s et %s ont tous deux la couleur %s",
    "round %s: the result of the game %s-%s is given on one line only (%s and %s); read from that line":
        "ronde %s : le résultat de la partie %s-%s n'est donné que sur une ligne (%s et %s) ; lu sur cette ligne",
    "round %s: results %s (%s) and %s (%s) do not match":
        "ronde %s : les résultats %s (%s) et %s (%s) ne concordent pas",
    "no tournament name (record 012)": "pas de nom de tournoi (enregistrement 012)",
    "%s rounds played but only %s scheduled": "%s rondes jouées mais seulement %s prévues",
    "starting rank %s is used twice (also on line %s)":
        "le numéro d'appariement %s est utilisé deux fois (aussi à la ligne %s)",
    "round %s: the colour of the game %s-%s is given on one line only":
        "ronde %s : la couleur de la partie %s-%s n'est donnée que sur une ligne",
    "player %s: the points column (%s) includes %s acceleration points; the results decide (%s)":
        "joueur %s : la colonne des points (%s) inclut %s points d'accélération ; les résultats font foi (%s)",
    "player %s: points column says %s but the round results add up to %s; the results decide":
        "joueur %s : la colonne des points indique %s mais les résultats des rondes totalisent %s ; "
        "les résultats font foi",
    "TRF26 file without the number of rounds (record 142)":
        "fichier TRF26 sans le nombre de rondes (enregistrement 142)",
    "TRF26 file without the initial colour (record 152)":
        "fichier TRF26 sans la couleur initiale (enregistrement 152)",
    "round %s: opponent %s does not exist": "ronde %s : l'adversaire %s n'existe pas",
    "round %s: a second pairing-allocated bye (U); player %s already has it":
        "ronde %s : un second exempt d'appariement (U) ; le joueur %s l'a déjà",
    "round %s: full-point bye 'F' where the pairing-allocated bye 'U' seems meant":
        "ronde %s : bye d'un point « F » là où l'exempt d'appariement « U » semble voulu",
    "team %s lists player %s, who has no 001 line": "l'équipe %s cite le joueur %s, qui n'a pas de ligne 001",
    "player %s is in no team": "le joueur %s n'est dans aucune équipe",
    "acceleration record names player %s, who has no 001 line":
        "un enregistrement d'accélération cite le joueur %s, qui n'a pas de ligne 001",
    "round %s: player %s is paired with themself": "ronde %s : le joueur %s est apparié avec lui-même",
    "player %s is in two teams (%s and %s)": "le joueur %s est dans deux équipes (%s et %s)",
    "record 299 names player %s, who has no 001 line":
        "l'enregistrement 299 cite le joueur %s, qui n'a pas de ligne 001",
    "round %s: opponent %s does not list %s back (their line shows %s)":
        "ronde %s : l'adversaire %s ne mentionne pas %s en retour (sa ligne indique %s)",
    "the file is empty": "le fichier est vide",
    # hints
    "Round r starts at column 92+10(r-1); the file should be rewritten strictly.":
        "La ronde r commence à la colonne 92+10(r-1) ; le fichier devrait être réécrit strictement.",
    "Titles are GM IM WGM FM WIM CM WFM WCM; enter the title again after the import.":
        "Les titres sont GM IM WGM FM WIM CM WFM WCM ; saisissez le titre à nouveau après l'import.",
    "Write the player's pairing number, right-aligned in columns 5-8.":
        "Écrivez le numéro d'appariement du joueur, aligné à droite dans les colonnes 5 à 8.",
    "Write `Last name, First name` from column 15.": "Écrivez « Nom, Prénom » à partir de la colonne 15.",
    "Without an opponent the code must be U, F, H or Z (or blank).":
        "Sans adversaire, le code doit être U, F, H ou Z (ou vide).",
    "Each round is `opponent colour result`, e.g. `  12 w 1` or `0000 - H`; correct this block.":
        "Chaque ronde est « adversaire couleur résultat », par exemple « 12 w 1 » ou « 0000 - H » ; "
        "corrigez ce bloc.",
    "The title is in columns 11-13.": "Le titre est dans les colonnes 11 à 13.",
    "Titles are GM IM WGM FM WIM CM WFM WCM.": "Les titres sont GM IM WGM FM WIM CM WFM WCM.",
    "A TRF file is plain text; check that the right file was chosen.":
        "Un fichier TRF est du texte brut ; vérifiez que le bon fichier a été choisi.",
    "A TRF file has no blank lines.": "Un fichier TRF n'a pas de lignes vides.",
    "A TRF file lists its players on 001 lines.": "Un fichier TRF liste ses joueurs sur des lignes 001.",
    "Game results are 1 = 0 + - W D L; enter this result again after the import.":
        "Les résultats sont 1 = 0 + - W D L ; saisissez ce résultat à nouveau après l'import.",
    "Byes are U (pairing-allocated), F, H or Z.": "Les byes sont U (exempt d'appariement), F, H ou Z.",
    "Column 10 holds the sex (m or w), the title is in columns 11-13.":
        "La colonne 10 contient le sexe (m ou w), le titre est dans les colonnes 11 à 13.",
    "Columns 49-52 hold the FIDE rating.": "Les colonnes 49 à 52 contiennent le classement FIDE.",
    "Columns 81-84 hold the points, e.g. `3.5`.": "Les colonnes 81 à 84 contiennent les points, par exemple « 3.5 ».",
    "This does not look like a TRF file.": "Cela ne ressemble pas à un fichier TRF.",
    "A bye has no opponent; write `0000 - Z` (or H, F, U).":
        "Un bye n'a pas d'adversaire ; écrivez « 0000 - Z » (ou H, F, U).",
    "A game without a result has a blank result column.":
        "Une partie sans résultat a une colonne de résultat vide.",
    "A TRF file holds records only.": "Un fichier TRF ne contient que des enregistrements.",
    "Keep one line per header record.": "Gardez une ligne par enregistrement d'en-tête.",
    "Columns 1-3 hold a record code (001, 012, …); comments start with ###.":
        "Les colonnes 1 à 3 contiennent un code d'enregistrement (001, 012, …) ; les commentaires commencent "
        "par ###.",
    "One player has White (w) and the other Black (b): correct one of the lines.":
        "Un joueur a les Blancs (w) et l'autre les Noirs (b) : corrigez l'une des lignes.",
    "Write the result on both lines.": "Écrivez le résultat sur les deux lignes.",
    "Matching codes are 1/0, =/=, +/- and -/- (double forfeit): correct one line.":
        "Les codes concordants sont 1/0, =/=, +/- et -/- (double forfait) : corrigez une ligne.",
    "012 is mandatory in TRF.": "012 est obligatoire en TRF.",
    "Record 142 (or XXR) gives the number of rounds.": "L'enregistrement 142 (ou XXR) donne le nombre de rondes.",
    "Each player needs a distinct pairing number: renumber one of them.":
        "Chaque joueur a besoin d'un numéro d'appariement distinct : renumérotez l'un d'eux.",
    "Write w and b on both lines.": "Écrivez w et b sur les deux lignes.",
    "Columns 81-84 hold the real points; acceleration points go in XXA or 250 records only.":
        "Les colonnes 81 à 84 contiennent les points réels ; les points d'accélération vont seulement dans les "
        "enregistrements XXA ou 250.",
    "Columns 81-84 hold the sum of the results (no acceleration points); pairing engines refuse the file "
    "otherwise. Extra points are written in a 299 record.":
        "Les colonnes 81 à 84 contiennent la somme des résultats (sans points d'accélération) ; sinon les "
        "programmes d'appariement refusent le fichier. Les points supplémentaires s'écrivent dans un "
        "enregistrement 299.",
    "Pairing engines need 142 (or XXR) to pair the next round.":
        "Les programmes d'appariement ont besoin de 142 (ou XXR) pour apparier la ronde suivante.",
    "bbpPairings cannot pair round 1 without 152 W or 152 B.":
        "bbpPairings ne peut pas apparier la ronde 1 sans 152 W ou 152 B.",
    "The opponent must be the starting rank of a player.":
        "L'adversaire doit être le numéro d'appariement d'un joueur.",
    "An individual round has at most one pairing-allocated bye: check which one is a requested bye (F, H) or an "
    "absence (Z).":
        "Une ronde individuelle a au plus un exempt d'appariement : vérifiez lequel est un bye demandé (F, H) ou "
        "une absence (Z).",
    "The PAB is U, never F: with F, engines think the player never had the PAB and may give a second one.":
        "L'exempt d'appariement est U, jamais F : avec F, les programmes croient que le joueur ne l'a jamais eu et "
        "peuvent lui en donner un second.",
    "Each team member is the starting rank of a player.":
        "Chaque membre d'équipe est le numéro d'appariement d'un joueur.",
    "In a team file each player is listed by a 013 or 310 record.":
        "Dans un fichier d'équipes, chaque joueur est cité par un enregistrement 013 ou 310.",
    "XXA and 250 name players by starting rank.": "XXA et 250 désignent les joueurs par numéro d'appariement.",
    "Write the real opponent's starting rank.": "Écrivez le numéro d'appariement du véritable adversaire.",
    "A player belongs to one team.": "Un joueur appartient à une seule équipe.",
    "Record 299 names players by starting rank.": "L'enregistrement 299 désigne les joueurs par numéro d'appariement.",
    "A game must appear on both players' lines, in the same round.":
        "Une partie doit figurer sur les lignes des deux joueurs, dans la même ronde.",
    "Export the tournament again from the pairing program.":
        "Exportez à nouveau le tournoi depuis le programme d'appariement.",
    # a pairing program's `-p` output
    "The pairing program's output is empty.": "La sortie du programme d'appariement est vide.",
    "Line %s of the pairing program's output should hold the number of pairs, not %s.":
        "La ligne %s de la sortie du programme d'appariement devrait contenir le nombre de paires, pas %s.",
    "The pairing program's output gives %s pairing-allocated byes; a round has one.":
        "La sortie du programme d'appariement donne %s exempts ; une ronde en a un.",
    "The pairing program's output announces %s pairs but lists %s.":
        "La sortie du programme d'appariement annonce %s paires mais en liste %s.",
    "Line %s of the pairing program's output should be two pairing numbers, not %s.":
        "La ligne %s de la sortie du programme d'appariement devrait contenir deux numéros d'appariement, pas %s.",
    "Line %s of the pairing program's output pairs nobody.":
        "La ligne %s de la sortie du programme d'appariement n'apparie personne.",
    "Line %s of the pairing program's output pairs player %s with themself.":
        "La ligne %s de la sortie du programme d'appariement apparie le joueur %s avec lui-même.",
    "Line %s of the pairing program's output names player %s, who is not in the tournament.":
        "La ligne %s de la sortie du programme d'appariement cite le joueur %s, qui n'est pas dans le tournoi.",
    "Player %s is paired twice by the pairing program (lines %s and %s).":
        "Le joueur %s est apparié deux fois par le programme d'appariement (lignes %s et %s).",
}
