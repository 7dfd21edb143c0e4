"""For the teacher: collecting a class's results logs (``collect``) into a gradebook that loses
nobody (``roster``: the class list and name matching; ``gradebook``: status, points, flags;
``export``: the teacher's CSV files, Moodle's and Canvas's import files, Excel), exam notebooks
(``exam``) and printable per-student sheets (``handout``).

Students meet the other side in ``bluffkit.exercises``: ``load(game, seed, student=...,
mode=...)`` writes the results log (``exercises.results``) and, in an exam, shows the questions
without their answers (``exercises.exam``). Teachers use ``bluffkit results collect`` and
``bluffkit handout``.
"""
