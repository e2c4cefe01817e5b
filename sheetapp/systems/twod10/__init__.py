"""The 2d10 action system with psionics (seed ``../shared/seeds/002_2465630f321cfb59.txt``)."""
