"""An agent's own project-directory variable is the project folder to the risk review, and
every flag's span still points into the command as written."""

from __future__ import annotations

from hookdash.core.load.risks import hook_risks
from hookdash.core.scan.places import PlaceNames


def test_spans_map_back_onto_the_command_as_written() -> None:
    command = (
        '"$FACTORY_PROJECT_DIR"/x.sh && ${DROID_PROJECT_DIR}/y.sh; curl -s https://a.example/p'
    )
    places = PlaceNames(command, ("FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR"))
    assert places.text == (
        '"$CLAUDE_PROJECT_DIR"/x.sh && ${CLAUDE_PROJECT_DIR}/y.sh; curl -s https://a.example/p'
    )
    flags = places.flags(hook_risks(places.text, [], workspace="/w", home="/h"))
    # The variables are the project folder: nothing opaque; the network call is flagged
    # at its place in the command as written.
    assert [f.kind for f in flags] == ["network"]
    [network] = flags
    assert command[network.span.start : network.span.end] == network.span.text
    assert network.span.text.startswith("curl -s https://a.example/p")
    # Unknown to the review without the mapping: the program's name is built at run time.
    assert "opaque" in {f.kind for f in hook_risks(command, [], workspace="/w", home="/h")}


def test_known_variables_and_other_names_are_left_alone() -> None:
    command = '"$CLAUDE_PROJECT_DIR"/x.sh $FACTORY_PROJECT_DIRECTORY'
    places = PlaceNames(command, ("CLAUDE_PROJECT_DIR", "FACTORY_PROJECT_DIR"))
    assert places.text == command
