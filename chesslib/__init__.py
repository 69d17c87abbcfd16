"""The chess helpers, pure Python with no Django import (a test checks it): round-robin
Berger tables (``berger``), Scheveningen tables (``scheveningen``), Swiss pairings by
the FIDE Dutch system (``dutch``, its input and output in ``swiss``), standings and FIDE
tie-breaks through tiebreak-core (``standings``), the FIDE tournament report file
(``trf``) and PGN games (``pgn``). The club's models are turned into their plain inputs
by the callers (``desk.standings``, ``desk``)."""
