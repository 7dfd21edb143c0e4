"""For the teacher: collecting a class's results logs into a gradebook (``collect``), exam
notebooks (``exam``) and printable per-student sheets (``handout``).

Students meet the other side in ``bluffkit.exercises``: ``load(game, seed, student=...,
mode=...)`` writes the results log (``exercises.results``) and, in an exam, shows the questions
without their answers (``exercises.exam``). Teachers use ``bluffkit results collect`` and
``bluffkit handout``.
"""
