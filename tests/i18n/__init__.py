"""Tests of the translation layer (i18n/): catalogs, extraction, runtime, French pages."""
