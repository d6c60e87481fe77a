"""Draw the edit-mode picture of the rarer rules in docs/: gui_setter_catalogue.png.

    python docs/gui_setter_catalogue_screenshot.py [OUT_DIR] [--dark]

Starts the server on a free port in a thread, opens a 9x9 draft in edit mode holding the
types the setter's page draws from the model's catalogue (a regex, a pair rule and an NFA
along lines, an equal sum in two segments, an or of a thermometer and a cage, rellik, sum and
contain-exact cages, count-distinct, indexing, counting circles, a leaper rule), picks the
regex so its pattern shows in the text box, waits for the verdict and takes the picture at
1280x900 (light; ``--dark`` writes ``gui_setter_catalogue_dark.png`` instead). Needs what
docs/gui_screenshot.py needs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gui_screenshot import missing, served_browser, snap  # noqa: E402

DRAFT = {"size": 9, "box": [3, 3], "givens": [], "constraints": [
    {"type": "regex", "cells": [0, 1, 2, 3], "pattern": "1[2-4]+"},
    {"type": "pair", "cells": [18, 19, 20], "allowed": [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9],
     "all_pairs": False},
    {"type": "nfa", "cells": [36, 37], "states": 3, "start": [0], "accept": [1],
     "moves": [0, 4, 2, 2, 2, 1], "lengths": []},
    {"type": "equal_sum", "cells": [6, 7, 24, 25, 26], "lengths": [2, 3]},
    {"type": "or", "branches": [{"type": "thermometer", "cells": [60, 61, 62]},
                                {"type": "killer_cage", "cells": [69, 70], "total": 9}]},
    {"type": "rellik_cage", "cells": [30, 31, 39], "total": 12},
    {"type": "count_distinct", "cell": 34, "cells": [33, 42, 43]},
    {"type": "sum", "cells": [56, 65], "total": 10, "weights": []},
    {"type": "indexing", "cell": 72, "cells": list(range(72, 81)), "value": 7},
    {"type": "contain_exact", "cells": [46, 47], "values": [1, 2]},
    {"type": "counting_circles", "cells": [22, 66]},
    {"type": "chess", "moves": [2, 2], "values": [1], "cells": []},
]}


def main(out: Path, scheme: str) -> None:
    with served_browser() as (browser, url):
        page = browser.new_page(viewport={"width": 1280, "height": 900},
                                device_scale_factor=1, color_scheme=scheme)
        page.goto(url)
        page.wait_for_selector(".cell")
        page.evaluate(f"() => startEdit({json.dumps(DRAFT)})")
        page.select_option("#edit-tool", "regex")
        page.click(".cell[data-cell='1']")  # picks the regex: its pattern in the text box
        page.wait_for_function("() => ['unique', 'multiple', 'none'].includes("
                               "document.getElementById('edit-verdict').dataset.state)", timeout=120000)
        snap(page, out / ("gui_setter_catalogue_dark.png" if scheme == "dark" else "gui_setter_catalogue.png"))


if __name__ == "__main__":
    problem = missing()
    if problem:
        print(problem, file=sys.stderr)
        sys.exit(2)
    args = [a for a in sys.argv[1:] if a != "--dark"]
    main(Path(args[0]) if args else HERE, "dark" if "--dark" in sys.argv else "light")
