"""The rating systems' articles, written for people: the system's name, the rules in
words and figures, no code names (parameters, module paths). An article the club's staff
has already rewritten (no code name left in it) is kept."""

from django.db import migrations

ARTICLES = {
    "le-classement-elo-du-club": (
        "Le classement Elo du club",
        """Le classement Elo du club est recalculé après chaque événement joué : il n'y a
pas de période.

- Pour chaque partie, le résultat attendu se déduit de l'écart de classement entre les
  deux joueurs (la formule logistique d'Arpad Elo) ; un écart de plus de 400 points
  compte pour 400.
- Chaque partie fait gagner ou perdre K × (score − score attendu). K vaut 40 pour les
  30 premières parties, 20 sous 2400, 10 au-delà, comme à la FIDE.
- Un joueur qui arrive avec un classement connu (national ou FIDE) part de celui-ci.
  Sans classement, il reçoit sa performance après 5 parties contre des joueurs classés,
  et au moins 1000.
- La cote est gardée au dixième de point.

Les administrateurs du club peuvent régler chacun de ces nombres ; la page des
classements applique toujours les règles en vigueur.""",
    ),
    "le-classement-elo-belge": (
        "Le classement Elo belge (FRBE-KBSB)",
        """Le classement de la Fédération royale belge des échecs (FRBE-KBSB), calculé comme
le fait la fédération, à partir des parties jouées au club.

- Nouvelle cote = ancienne cote + K × (score − score attendu), le score attendu de
  chaque partie étant lu dans la table de la fédération. Exemple : un joueur à 1500, qui
  a 30 parties, rencontre des joueurs à 1600 (il gagne), 1400 (il perd), 1350 (nulle) et
  1800 (il perd). Score attendu : 0,36 + 0,64 + 0,70 + 0,15 = 1,85 ; nouvelle cote :
  1500 + 32 × (1,5 − 1,85) = 1488,8, arrondie à 1489.
- Un écart de plus de 400 points compte pour 400 (350 dans l'ancien règlement).
- K dépend des parties déjà jouées et de la cote : 32 de la 20e à la 100e partie, 24 de
  la 101e à la 300e, puis 16 jusqu'à 2000, 12 au-delà, et 10 au-dessus de 2200 (depuis
  2024, seulement après 300 parties).
- Les parties contre des joueurs non classés ne comptent pas.
- Premier classement : la moyenne des adversaires plus l'écart que donne la performance,
  sur toutes les parties jouées jusque-là (exemple : moyenne 1537,5 et 37,5 % des
  points, soit −87 : première cote 1451). La cote est provisoire à partir de 10 parties,
  définitive à 20.
- La fédération publie quatre listes par an (deux autrefois). Entre deux listes, le site
  montre une cote **estimée**.
- En avril 2024, les cotes sous 2000 ont été relevées : nouvelle cote = cote + 0,4 ×
  (2000 − cote).""",
    ),
}


def rewrite(apps, schema_editor):
    Article = apps.get_model("club", "Article")
    for slug, (title, body) in ARTICLES.items():
        Article.objects.filter(slug=slug, body__contains="`").update(title=title, body=body)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0007_event_chief_arbiter"),
        ("ratings", "0003_rating_system_articles"),
    ]

    operations = [migrations.RunPython(rewrite, migrations.RunPython.noop)]
