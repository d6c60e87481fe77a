"""Pictures of boards: SVG structure, styling, box borders of any shape, image files."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import pytest

from conftest import board_of, pattern_grid
from sudoku_cp import Board
from sudoku_cp.display import (check_image_path, image_format, image_path, layout, save_image,
                               to_html, to_svg)
from sudoku_cp.errors import MissingDependencyError

SVG = "{http://www.w3.org/2000/svg}"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def puzzle(box, keep=3):
    """A board of this box shape with every keep-th cell of a valid grid given, and the grid."""
    grid = pattern_grid(*box)
    return Board.from_values([v if i % keep == 0 else 0 for i, v in enumerate(grid)],
                             box=box), grid


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on malformed XML


def group(root: ET.Element, cls: str) -> ET.Element:
    found = [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]
    assert len(found) == 1, f"expected one <g class={cls!r}>"
    return found[0]


def texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if t.get("class") == cls]


def read_back(root: ET.Element) -> str:
    """The symbols in reading order (top to bottom, left to right)."""
    cells = [(float(t.get("y")), float(t.get("x")), t.text)
             for t in root.iter(f"{SVG}text") if t.get("class") in ("given", "solved")]
    return "".join(text for _, _, text in sorted(cells))


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4), (5, 5)])
def test_full_solution_shows_every_cell_with_the_text_symbols(box):
    board, grid = puzzle(box)
    root = parse(to_svg(board, grid))
    n = board.n
    assert len(texts(root, "given")) == board.clues
    assert len(texts(root, "given")) + len(texts(root, "solved")) == n * n
    assert read_back(root) == board.to_text(grid)


def test_empty_cells_are_empty_without_a_solution():
    board, _ = puzzle((3, 3))
    root = parse(to_svg(board))
    assert len(texts(root, "given")) == board.clues
    assert texts(root, "solved") == []
    assert read_back(root) == board.to_text().replace(".", "")


def test_partial_solution_leaves_zeros_empty():
    board, grid = puzzle((2, 2))
    partial = [v if i < 8 else 0 for i, v in enumerate(grid)]
    root = parse(to_svg(board, partial))
    shown = sum(1 for i, g in enumerate(board.givens) if g or i < 8)
    assert len(texts(root, "given")) + len(texts(root, "solved")) == shown


def test_givens_and_solved_values_are_styled_differently():
    board, grid = puzzle((3, 3))
    root = parse(to_svg(board, grid))
    givens, solved = group(root, "givens"), group(root, "solved")
    assert givens.get("font-weight") == "bold" and solved.get("font-weight") != "bold"
    assert givens.get("fill") != solved.get("fill")
    assert all(t.get("class") == "given" for t in givens)
    assert all(t.get("class") == "solved" for t in solved)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_box_borders_are_thicker_than_cell_lines(box):
    board, _ = puzzle(box)
    root = parse(to_svg(board))
    thin = float(group(root, "cell-lines").get("stroke-width"))
    thick = float(group(root, "box-lines").get("stroke-width"))
    assert thick >= 2 * thin


def border_rows_and_cols(board: Board, cell_size: float = 40):
    """Which line indices (0..n) are drawn as box borders, horizontal and vertical."""
    root = parse(to_svg(board, cell_size=cell_size))
    lines = list(group(root, "box-lines"))
    ys = sorted({float(ln.get("y1")) for ln in lines if ln.get("y1") == ln.get("y2")})
    xs = sorted({float(ln.get("x1")) for ln in lines if ln.get("x1") == ln.get("x2")})
    return ([round((y - ys[0]) / cell_size) for y in ys],
            [round((x - xs[0]) / cell_size) for x in xs])


def test_box_borders_follow_the_box_shape():
    wide, _ = puzzle((2, 3))  # boxes 2 rows high, 3 columns wide
    tall, _ = puzzle((3, 2))
    assert border_rows_and_cols(wide) == ([0, 2, 4, 6], [0, 3, 6])
    assert border_rows_and_cols(tall) == ([0, 3, 6], [0, 2, 4, 6])
    nine = board_of("." * 81)
    assert border_rows_and_cols(nine) == ([0, 3, 6, 9], [0, 3, 6, 9])


def test_every_cell_line_is_drawn_once():
    board, _ = puzzle((2, 3))
    root = parse(to_svg(board))
    n = board.n
    assert len(group(root, "cell-lines")) + len(group(root, "box-lines")) == 2 * (n + 1)


def test_symbols_are_letters_up_to_35_and_integers_beyond():
    board16, grid16 = puzzle((4, 4))
    assert set(read_back(parse(to_svg(board16, grid16)))) == set("123456789ABCDEFG")
    board36, grid36 = puzzle((6, 6), keep=50)
    values = {t.text for t in parse(to_svg(board36, grid36)).iter(f"{SVG}text")
              if t.get("class") in ("given", "solved")}
    assert values == {str(v) for v in range(1, 37)}


def test_two_digit_symbols_are_smaller_than_one_digit_ones():
    board9, _ = puzzle((3, 3))
    board36, _ = puzzle((6, 6))
    size = lambda b: layout(b).symbols[0].size  # noqa: E731
    assert size(board36) < size(board9)


def test_highlight_and_title():
    board, grid = puzzle((3, 3))
    root = parse(to_svg(board, grid, highlight=board.houses[20], title="box 3 <&> done"))
    assert len(group(root, "highlight")) == 9
    titles = [t for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert [t.text for t in titles] == ["box 3 <&> done"]
    with pytest.raises(ValueError, match="off the board"):
        to_svg(board, highlight=[81])


def test_a_long_title_is_shrunk_to_the_width_of_the_picture():
    board, _ = puzzle((2, 2))
    title = "a rather long title for a small board"
    d = layout(board, title=title)
    assert 0.62 * d.title_size * len(title) <= d.width  # ~0.6 em per character


def test_cell_size_scales_the_picture():
    board, _ = puzzle((2, 2))
    small, big = parse(to_svg(board, cell_size=20)), parse(to_svg(board, cell_size=60))
    assert float(big.get("width")) > 2.5 * float(small.get("width"))
    with pytest.raises(ValueError):
        to_svg(board, cell_size=0)


def test_a_solution_must_fit_the_board():
    board, grid = puzzle((2, 2))
    with pytest.raises(ValueError, match="16 values"):
        to_svg(board, grid[:-1])
    wrong = list(grid)
    wrong[0] = wrong[0] % 4 + 1  # cell 0 is a given
    with pytest.raises(ValueError, match="given"):
        to_svg(board, wrong)
    with pytest.raises(ValueError, match="outside"):
        to_svg(board, [5] * 16)


def test_html_wraps_the_svg():
    board, grid = puzzle((2, 2))
    html = to_html(board, grid)
    assert to_svg(board, grid) in html and html.startswith("<div")
    parse(html)  # still well-formed


def test_save_svg_writes_the_svg(tmp_path):
    board, grid = puzzle((2, 3))
    path = save_image(board, tmp_path / "p.svg", grid, title="6x6")
    assert path.read_text(encoding="utf-8") == to_svg(board, grid, title="6x6")


def test_save_png_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib", reason="PNG needs the 'image' extra (matplotlib)")
    board, grid = puzzle((2, 3))
    path = save_image(board, tmp_path / "p.PNG", grid, highlight=[0, 1], title="6x6")
    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 1000


@pytest.mark.parametrize("name", ["p.jpg", "p.svgz", "picture", "p.png.txt"])
def test_unknown_extension_is_a_value_error(tmp_path, name):
    board, _ = puzzle((2, 2))
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        save_image(board, tmp_path / name)
    assert not (tmp_path / name).exists()
    with pytest.raises(ValueError):
        image_format(name)


def test_png_without_matplotlib_names_the_extra(tmp_path, monkeypatch):
    for module in ("matplotlib", "matplotlib.backends.backend_agg", "matplotlib.collections",
                   "matplotlib.figure", "matplotlib.patches"):
        monkeypatch.setitem(sys.modules, module, None)  # makes `import` fail
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None)
    board, _ = puzzle((2, 2))
    with pytest.raises(MissingDependencyError, match=r"sudoku-cp\[image\]"):
        check_image_path("p.png")
    assert check_image_path("p.svg") == "svg"  # SVG needs nothing
    with pytest.raises(MissingDependencyError, match=r"sudoku-cp\[image\]"):
        save_image(board, tmp_path / "p.png")
    with pytest.raises(ImportError):  # what the CLI turns into one line and exit 2
        save_image(board, tmp_path / "p.png")


def test_import_is_light():
    from conftest import loaded_by

    assert loaded_by("import sudoku_cp.display", ("matplotlib",)) == []


def test_image_path_numbers_several_puzzles():
    assert str(image_path("out/p{index}.svg", 12)) == "out/p12.svg"
    assert str(image_path("p.png", 1)) == "p.png"
    assert str(image_path("dir/p.png", 3)) == "dir/p-3.png"
