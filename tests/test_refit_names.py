"""benchmarks.refit_names fits the weights of new features on top of the shipped model's
score: the fit is scikit-learn's L2 logistic regression, with the shipped score as an offset."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.refit_names import fitted_weights


def test_without_an_offset_the_fit_is_scikit_learns_logistic_regression():
    linear_model = pytest.importorskip(
        "sklearn.linear_model", reason="scikit-learn is a development extra ([train])")
    rng = np.random.default_rng(7)
    columns = rng.normal(size=(400, 2))
    labels = (columns @ [1.5, -2.0] + rng.normal(size=400) > 0).astype(float)
    expected = linear_model.LogisticRegression(C=3.0, fit_intercept=False).fit(
        columns, labels).coef_[0]
    assert np.allclose(fitted_weights(np.zeros(400), columns, labels, 3.0), expected,
                       atol=1e-4)


def test_an_offset_that_already_explains_the_labels_leaves_little_to_fit():
    rng = np.random.default_rng(8)
    column = rng.normal(size=(500, 1))
    score = rng.normal(scale=3.0, size=500)
    labels = (score + 0.3 * rng.normal(size=500) > 0).astype(float)
    # a column that is noise beside the offset (the shipped score) gets a weight near 0 ...
    assert abs(fitted_weights(score, column, labels, 3.0)[0]) < 0.3
    # ... and a column that carries what the offset misses gets the weight it needs
    missing = rng.normal(size=(500, 1))
    labels = (score + 2.0 * missing[:, 0] > 0).astype(float)
    assert fitted_weights(score, missing, labels, 3.0)[0] > 1.0
