"""The rules texts' Markdown subset."""

from game.ui import markdown


def test_blocks_split_headings_bullets_and_paragraphs():
    source = "# Title\n\nA line\njoined.\n\n- one\n  continued\n- two\n## Sub\ntext"
    assert markdown.blocks(source) == [
        ("h1", "Title"),
        ("para", "A line joined."),
        ("bullet", "one continued"),
        ("bullet", "two"),
        ("h2", "Sub"),
        ("para", "text"),
    ]


def test_punctuation_after_bold_is_glued_to_it():
    assert markdown._rich_lines("a **seal**, then", 1000, 19) == [
        [("a ", False), ("seal", True), (", ", False), ("then", False)]
    ]
    for width in range(20, 120):  # wherever the line breaks, never between "seal" and ","
        lines = markdown._rich_lines("a **seal**, then", width, 19)
        assert all(line[0][0][:1] != "," for line in lines if line)


def test_japanese_paragraphs_break_between_characters_within_the_width():
    source = "残りの52枚をよく混ぜます。そのラウンドの**先手プレイヤー**に5枚、次にもう1人に5枚配ります。"
    lines = markdown._rich_lines(source, 200, 19)
    assert len(lines) > 1
    assert "".join(run for line in lines for run, _ in line) == source.replace("**", "")
    for line in lines:
        assert sum(markdown._width(run.rstrip(), 19, bold) for run, bold in line) <= 200
        assert line[0][0][0] not in "、。」"


def test_an_indented_dash_is_a_nested_bullet():
    source = "- piles:\n  - Diamond: 7 7 5 5 5\n    and more\n- next"
    assert markdown.blocks(source) == [
        ("bullet", "piles:"),
        ("sub", "Diamond: 7 7 5 5 5 and more"),
        ("bullet", "next"),
    ]
    assert markdown.render(source, 600).get_height() > 0
