"""Reading and writing character files: envelope, migrations, atomic saves."""
