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
    lines = markdown._rich_lines("a **seal**, then", 1000, 19)
    assert [(w, glued) for w, _, glued in lines[0]] == [
        ("a", False),
        ("seal", False),
        (",", True),
        ("then", False),
    ]


def test_an_indented_dash_is_a_nested_bullet():
    source = "- piles:\n  - Diamond: 7 7 5 5 5\n    and more\n- next"
    assert markdown.blocks(source) == [
        ("bullet", "piles:"),
        ("sub", "Diamond: 7 7 5 5 5 and more"),
        ("bullet", "next"),
    ]
    assert markdown.render(source, 600).get_height() > 0
