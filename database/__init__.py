"""Event files: schema, migrations, one EventStore per file. The only package that runs SQL."""
