import sys

from tui.launch import main

sys.exit(main())
