"""A second, independent calculation of each rating system (issue 13, « How to test it »).

Each module is written from the rule texts only — the seeds in ``shared/seeds/`` and the
club's decisions in ``docs/ratings/`` — without reading or calling ``ratings/rules``. It is
first checked on the texts' worked examples, then compared with the engine
(``ratings.calculator.calculate``) on random batches. Where the texts leave a case open,
the module says so and leaves it out of the comparison. Where the two disagreed, the
texts decided: the engine or the check was corrected, the quote beside the change.
Issue #26's round (rules per event, the player's past, the dates) quotes its texts in
``texts.RULE_TEXTS``; a test whose figure the engine does not give yet asserts the text's
figure with its hand calculation, and fails until the engine follows the text.
"""
