"""For the teacher: the results log (``log``), exam mode (``exam``), collecting a class's logs
into a gradebook (``collect``) and printable per-student sheets (``handout``).

Students meet it through ``bluffkit.exercises.load(game, seed, student=..., mode=...)``;
teachers through ``bluffkit results collect`` and ``bluffkit handout``.
"""
