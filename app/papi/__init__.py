"""The Papi loop (docs/papi-loop.md): a tournament linked to its .papi file, re-synced and written back."""
