"""A player plays at most once in a round, whatever the colour.

Unique constraints cover (round, white) and (round, black); a player white on one board
and black on another needs a check across both columns, which no index expresses: a
trigger on each supported database raises an integrity error.

SQLite drops a table's triggers when a migration rebuilds the table (most ``AlterField``
and some ``AddField`` on ``club_game``): such a migration must create them again after its
operations, with the statements copied from this one (a migration imports no live code).
"""

from django.db import migrations

MESSAGE = "a player cannot play twice in one round"

SQLITE = [
    f"""
    CREATE TRIGGER club_game_player_once_per_round_{event}
    BEFORE {event} ON club_game
    WHEN EXISTS (
        SELECT 1 FROM club_game AS other
        WHERE other.round_id = NEW.round_id AND other.id IS NOT NEW.id
          AND (other.white_id IN (NEW.white_id, NEW.black_id)
               OR other.black_id IN (NEW.white_id, NEW.black_id))
    )
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
    """
    for event in ("INSERT", "UPDATE")
]

POSTGRESQL = [
    f"""
    CREATE FUNCTION club_game_player_once_per_round() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('club_game_round'), NEW.round_id::int);
        IF EXISTS (
            SELECT 1 FROM club_game AS other
            WHERE other.round_id = NEW.round_id AND other.id IS DISTINCT FROM NEW.id
              AND (other.white_id IN (NEW.white_id, NEW.black_id)
                   OR other.black_id IN (NEW.white_id, NEW.black_id))
        ) THEN
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER club_game_player_once_per_round
    BEFORE INSERT OR UPDATE OF round_id, white_id, black_id ON club_game
    FOR EACH ROW EXECUTE FUNCTION club_game_player_once_per_round();
    """,
]

DROP = {
    "sqlite": [
        "DROP TRIGGER IF EXISTS club_game_player_once_per_round_INSERT;",
        "DROP TRIGGER IF EXISTS club_game_player_once_per_round_UPDATE;",
    ],
    "postgresql": [
        "DROP TRIGGER IF EXISTS club_game_player_once_per_round ON club_game;",
        "DROP FUNCTION IF EXISTS club_game_player_once_per_round();",
    ],
}


def _run(schema_editor: object, statements) -> None:
    for sql in statements:
        schema_editor.execute(sql)


def create_game_triggers(schema_editor: object) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        _run(schema_editor, SQLITE)
    elif vendor == "postgresql":
        _run(schema_editor, POSTGRESQL)
    else:
        raise NotImplementedError(f"no trigger written for {vendor}: add one to this migration")


def drop_game_triggers(schema_editor: object) -> None:
    _run(schema_editor, DROP.get(schema_editor.connection.vendor, []))


def create(apps, schema_editor):
    drop_game_triggers(schema_editor)
    create_game_triggers(schema_editor)


def drop(apps, schema_editor):
    drop_game_triggers(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("club", "0002_desk")]

    operations = [migrations.RunPython(create, drop)]
