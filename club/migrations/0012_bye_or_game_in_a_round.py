"""A player has a bye or a game in a round, never both: a trigger on each table refuses
the row that would give a player both (an integrity error), whatever writes it (the desk,
a file, the admin site, two requests at once).

No index spans two tables, hence triggers. On PostgreSQL both take the transaction-level
advisory lock of the round that the game trigger of 0003 takes, so a bye and a game
written at the same moment by two transactions are checked one after the other (each sees
the other's committed row). The SQL is written here, not imported: a migration does not
change when the live code does. SQLite drops a table's triggers when a migration rebuilds
it: such a migration on ``club_game`` or ``club_bye`` must create these again.
"""

from django.db import migrations

MESSAGE = "a player cannot have a bye and a game in one round"

SQLITE = [
    f"""
    CREATE TRIGGER club_bye_no_game_in_round_{event}
    BEFORE {event} ON club_bye
    WHEN EXISTS (
        SELECT 1 FROM club_game AS game
        WHERE game.round_id = NEW.round_id AND NEW.player_id IN (game.white_id, game.black_id)
    )
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
    """
    for event in ("INSERT", "UPDATE")
] + [
    f"""
    CREATE TRIGGER club_game_no_bye_in_round_{event}
    BEFORE {event} ON club_game
    WHEN EXISTS (
        SELECT 1 FROM club_bye AS bye
        WHERE bye.round_id = NEW.round_id AND bye.player_id IN (NEW.white_id, NEW.black_id)
    )
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
    """
    for event in ("INSERT", "UPDATE")
]

POSTGRESQL = [
    f"""
    CREATE FUNCTION club_bye_no_game_in_round() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('club_game_round'), NEW.round_id::int);
        IF EXISTS (
            SELECT 1 FROM club_game AS game
            WHERE game.round_id = NEW.round_id
              AND NEW.player_id IN (game.white_id, game.black_id)
        ) THEN
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER club_bye_no_game_in_round
    BEFORE INSERT OR UPDATE OF round_id, player_id ON club_bye
    FOR EACH ROW EXECUTE FUNCTION club_bye_no_game_in_round();
    """,
    f"""
    CREATE FUNCTION club_game_no_bye_in_round() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('club_game_round'), NEW.round_id::int);
        IF EXISTS (
            SELECT 1 FROM club_bye AS bye
            WHERE bye.round_id = NEW.round_id
              AND bye.player_id IN (NEW.white_id, NEW.black_id)
        ) THEN
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER club_game_no_bye_in_round
    BEFORE INSERT OR UPDATE OF round_id, white_id, black_id ON club_game
    FOR EACH ROW EXECUTE FUNCTION club_game_no_bye_in_round();
    """,
]

DROP = {
    "sqlite": [
        f"DROP TRIGGER IF EXISTS club_{table}_in_round_{event};"
        for table in ("bye_no_game", "game_no_bye")
        for event in ("INSERT", "UPDATE")
    ],
    "postgresql": [
        "DROP TRIGGER IF EXISTS club_bye_no_game_in_round ON club_bye;",
        "DROP FUNCTION IF EXISTS club_bye_no_game_in_round();",
        "DROP TRIGGER IF EXISTS club_game_no_bye_in_round ON club_game;",
        "DROP FUNCTION IF EXISTS club_game_no_bye_in_round();",
    ],
}


def drop(apps, schema_editor):
    for sql in DROP.get(schema_editor.connection.vendor, []):
        schema_editor.execute(sql)


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE, "postgresql": POSTGRESQL}.get(vendor)
    if statements is None:
        raise NotImplementedError(f"no trigger written for {vendor}: add one to this migration")
    drop(apps, schema_editor)
    for sql in statements:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("club", "0011_member_ordering_ends_on_pk")]

    operations = [migrations.RunPython(create, drop)]
