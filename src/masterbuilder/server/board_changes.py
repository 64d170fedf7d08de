"""A board as changes to the one sent before: generic over the games' SVG drawings.

A drawing splits into keyed elements: the direct children that carry an ``id="..."`` of the root and,
recursively, of each keyed element. Everything else is text bound to a place: a parent's *head* (its content
before its first keyed child) and each keyed element's *tail* (the content after it up to its next keyed
sibling). The changes from one drawing to the next are a list of operations, applied in order:

- ``["head", parent, [[i, n, text], ...]]``: in the head of ``parent`` (an id, or null: the root), for each
  hunk, the ``n`` nodes from node ``i`` (places in the head as it was) are replaced by ``text`` (a head's or
  tail's nodes are its top-level elements and the texts between them, as the page's DOM has them);
- ``["tail", id, [[i, n, text], ...]]``: the same in the tail of ``id``;
- ``["start", id, tag]``: the element ``id`` (null: the root) takes the attributes of the start tag ``tag``
  (same name), in its order;
- ``["remove", id]``: the element ``id`` goes, with its tail;
- ``["put", id, parent, after, text]``: the element ``id`` with its tail (``text``) goes into ``parent``
  after the keyed sibling ``after`` (null: after the parent's head);
- ``["replace", id, text]``: the element ``id`` (not its tail) becomes ``text``.

No game's board code knows of it; the page applies the same operations (web/js/board_changes.js) and
``apply_changes`` here mirrors it for the tests. A drawing that does not split (ids not unique, tags not
balanced) or another root tag gives no changes: the whole board is sent.
"""

from __future__ import annotations

import bisect
import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from masterbuilder.core.board import keep_fragment

Change = list[Any]

_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>")
_ID = re.compile(r"""\sid\s*=\s*(?:"([^"]*)"|'([^']*)')""")


class Unsplittable(ValueError):
    """The drawing is not one the changes can be computed for."""


@dataclass
class Node:
    """A keyed element (or the root): its start tag, its head, its keyed children with their tails, its end
    tag; ``text`` is its whole source text (as split)."""

    id: str | None
    start: str
    end: str = ""
    head: str = ""
    children: list[tuple[Node, str]] = field(default_factory=list)
    # where its whole source text is (kept as places, not copies: a connection keeps its last drawing)
    source: str = ""
    begin: int = 0
    stop: int = 0
    loose: list[str] = field(default_factory=list)  # the ids of unkeyed elements in it (not in a keyed child)

    @property
    def text(self) -> str:
        return self.source[self.begin : self.stop]

    def keys(self) -> list[str]:
        return [child.id for child, _tail in self.children if child.id is not None]

    def render(self) -> str:
        return self.start + self.head + "".join(c.render() + tail for c, tail in self.children) + self.end


def split(svg: str, like: Mapping[str, Node | None] | None = None) -> Node:
    """The drawing as its tree of keyed elements (raises Unsplittable); ``like``: the keyed elements of an
    earlier drawing by id (``Drawing.keyed``), whose unchanged ones are taken instead of scanned again."""
    return _split(svg, like or {})[0]


def _split(svg: str, like: Mapping[str, Node | None]) -> tuple[Node, dict[str, Node | None]]:
    """The tree and the drawing's ids: each keyed element's node, None for an id of an unkeyed element.

    At the start tag of a keyed element that ``like`` has, if the text goes on with exactly that element's
    text, the element splits as it did there (its keyed children are its own ids' elements, whatever its
    place): its nodes are copied to this text and the scan goes on after it. The tree is ``split``'s."""
    seen: dict[str, Node | None] = {}
    root: Node | None = None
    # the open elements: (node or None for an unkeyed element, its start offset, tag name)
    stack: list[tuple[Node | None, int, str]] = []
    # the keyed node whose content is being read, and where its current text (head or a tail) began
    open_nodes: list[tuple[Node, int]] = []
    pos = 0
    find, startswith = svg.find, svg.startswith  # this loop runs for a drawing's thousand tags: few lookups
    scan = 0
    while scan >= 0:
        jump, scan = scan, -1
        for match in _TAG.finditer(svg, jump):
            start, stop = match.span()
            if find("<", pos, start) >= 0 or find("<", start + 1, stop) >= 0:
                raise Unsplittable("comments, CDATA or unknown markup")
            pos = stop
            closing, name, attrs, empty = match.groups()
            if closing:
                if not stack or stack[-1][2] != name:
                    raise Unsplittable(f"unbalanced </{name}>")
                node, begin, _ = stack.pop()
                if node is not None:
                    _close(node, open_nodes, svg, start, stop, begin)
                continue
            key = None
            if "id" in attrs:
                found = _ID.search(attrs)
                if found is not None:
                    key = found.group(1) if found.group(1) is not None else found.group(2)
                    if key in seen:
                        raise Unsplittable(f"the id {key!r} is used twice")
            keyed = root is None or (key is not None and stack and stack[-1][0] is not None)
            if root is not None and not stack:
                raise Unsplittable("content after the root")
            if not keyed:
                if key is not None:
                    seen[key] = None
                    open_nodes[-1][0].loose.append(key)
                if not empty:
                    stack.append((None, start, name))
                continue
            if key is not None and root is not None:
                was = like.get(key)
                if was is not None and startswith(was.text, start):
                    node = _copied(was, svg, start - was.begin, seen)
                    parent, since = open_nodes[-1]
                    _settle(parent, svg[since:start])
                    parent.children.append((node, ""))
                    pos = node.stop
                    open_nodes[-1] = (parent, pos)
                    scan = pos
                    break
            node = Node(key, svg[start:stop])
            if key is not None:
                seen[key] = node
            if root is None:
                root = node
            else:
                parent, since = open_nodes[-1]
                _settle(parent, svg[since:start])
                parent.children.append((node, ""))
            if empty:
                node.source, node.begin, node.stop = svg, start, stop
                open_nodes.append((node, stop))
                _close(node, open_nodes, svg, stop, stop, start)
            else:
                stack.append((node, start, name))
                open_nodes.append((node, stop))
    if root is None or stack or svg[pos:].strip():
        raise Unsplittable("not one balanced element")
    return root, seen


def _copied(was: Node, svg: str, shift: int, seen: dict[str, Node | None]) -> Node:
    """``was`` and its keyed elements, their text now at ``shift`` from where it was, in ``svg``; their ids
    go into ``seen`` (raises Unsplittable if one is there already)."""
    assert was.id is not None
    node = Node(was.id, was.start, was.end, was.head, [], svg, was.begin + shift, was.stop + shift, was.loose)
    for key in (was.id, *was.loose):
        if key in seen:
            raise Unsplittable(f"the id {key!r} is used twice")
        seen[key] = None
    seen[was.id] = node
    node.children = [(_copied(child, svg, shift, seen), tail) for child, tail in was.children]
    return node


def _settle(node: Node, text: str) -> None:
    """``text`` read inside ``node`` since its last keyed child (or its start tag) is that place's."""
    if node.children:
        child, _ = node.children[-1]
        node.children[-1] = (child, text)
    else:
        node.head = text


def _close(
    node: Node, open_nodes: list[tuple[Node, int]], svg: str, end_start: int, end: int, begin: int
) -> None:
    current, since = open_nodes.pop()
    assert current is node
    _settle(node, svg[since:end_start])
    node.end = svg[end_start:end]
    node.source, node.begin, node.stop = svg, begin, end
    if open_nodes:
        parent, _ = open_nodes[-1]
        open_nodes[-1] = (parent, end)


class Drawing:
    """A board's SVG and its tree, split once (when first compared) however many connections it goes to."""

    def __init__(self, svg: str) -> None:
        self.svg = svg
        self._tree: Node | None = None
        self._splits = True
        self.keyed: dict[str, Node | None] = {}  # once split: its keyed elements' nodes by id

    def tree(self, like: Drawing | None = None) -> Node | None:
        """Its tree (None: it does not split), split against ``like``'s (see ``split``) if that one is."""
        if self._tree is None and self._splits:
            try:
                self._tree, self.keyed = _split(self.svg, like.keyed if like is not None else {})
            except Unsplittable:
                self._splits = False
        return self._tree


def changes(old: str | Drawing, new: str | Drawing) -> list[Change] | None:
    """The operations that turn drawing ``old`` into ``new``; None when only the whole board will do (the
    drawings do not split, their roots differ, or the changes would be no smaller than ``new``)."""
    old, new = (d if isinstance(d, Drawing) else Drawing(d) for d in (old, new))
    before = old.tree()
    after = new.tree(old)
    if before is None or after is None:
        return None
    if _name(before.start) != _name(after.start) or before.end != after.end:
        return None
    ops = _Ops()
    if before.start != after.start:
        ops.rest.append(["start", None, after.start])
    _diff(before, after, ops)
    # removes first and replaces next, so that an element moved to another parent is gone from its old
    # place before it is put in its new one
    result = ops.removes + ops.replaces + ops.rest
    if _size(result) >= len(new.svg):
        return None
    return result


@dataclass
class _Ops:
    removes: list[Change] = field(default_factory=list)
    replaces: list[Change] = field(default_factory=list)
    rest: list[Change] = field(default_factory=list)

    def size(self) -> int:
        return _size(self.removes) + _size(self.replaces) + _size(self.rest)

    def extend(self, other: _Ops) -> None:
        self.removes += other.removes
        self.replaces += other.replaces
        self.rest += other.rest


def _diff(old: Node, new: Node, ops: _Ops) -> None:
    """Add the operations that turn ``old``'s content into ``new``'s (their start tags are equal)."""
    if old.head != new.head:
        ops.rest.append(["head", new.id, _hunks(old.head, new.head)])
    old_children = {c.id: (c, tail) for c, tail in old.children}
    old_keys, new_keys = old.keys(), new.keys()
    stable = _kept_in_order(old_keys, new_keys)
    ops.removes.extend(["remove", key] for key in old_keys if key not in stable)
    after: str | None = None
    for child, tail in new.children:
        assert child.id is not None
        if child.id not in stable:
            ops.rest.append(["put", child.id, new.id, after, child.text + tail])
        else:
            was, old_tail = old_children[child.id]
            if was.stop - was.begin != child.stop - child.begin or was.text != child.text:
                inner = _Ops()
                if _name(was.start) == _name(child.start) and was.end == child.end:
                    if was.start != child.start:
                        inner.rest.append(["start", child.id, child.start])
                    _diff(was, child, inner)
                size = inner.size()
                if size and size < len(child.text):
                    ops.extend(inner)
                else:
                    ops.replaces.append(["replace", child.id, child.text])
            if old_tail != tail:
                ops.rest.append(["tail", child.id, _hunks(old_tail, tail)])
        after = child.id


def _name(tag: str) -> str:
    return tag[1:].split(None, 1)[0].rstrip("/>")


def items(run: str) -> list[str]:
    """The top-level nodes of a head or tail: its elements and the texts between them."""
    found: list[str] = []
    depth, begin, pos = 0, 0, 0
    for match in _TAG.finditer(run):
        closing, _name, _attrs, empty = match.groups()
        if depth == 0 and match.start() > pos:
            found.append(run[pos : match.start()])
        if depth == 0:
            begin = match.start()
        depth += -1 if closing else 0 if empty else 1
        if depth == 0:
            found.append(run[begin : match.end()])
        pos = match.end()
    if pos < len(run):
        found.append(run[pos:])
    return found


# the nodes of the heads and tails compared lately: a run that changed is compared again as the old one of the
# next move's changes; bounded (emptied when full)
_ITEMS: dict[str, tuple[str, ...]] = {}
_ITEMS_KEPT = 4096


def _items_of(run: str) -> tuple[str, ...]:
    found = _ITEMS.get(run)
    if found is None:
        found = tuple(items(run))
        keep_fragment(_ITEMS, run, found, _ITEMS_KEPT)
    return found


def _hunks(old: str, new: str) -> list[list[int | str]]:
    """[[i, n, text], ...]: ``new`` is ``old`` with, for each hunk, its nodes i to i + n replaced by
    ``text`` (hunks in order, never adjacent)."""
    before, after = _items_of(old), _items_of(new)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [
        [i1, i2 - i1, "".join(after[j1:j2])]
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def _respliced(run: str, hunks: object) -> str:
    nodes = items(run)
    if not isinstance(hunks, list):
        raise Unsplittable("hunks are a list")
    for hunk in reversed(hunks):
        if not isinstance(hunk, list) or len(hunk) != 3:
            raise Unsplittable("a hunk is [i, n, text]")
        i, n, text = _count(hunk[0]), _count(hunk[1]), str(hunk[2])
        if not 0 <= i <= i + n <= len(nodes):
            raise Unsplittable("that hunk does not fit")
        nodes[i : i + n] = [text]
    return "".join(nodes)


def _size(ops: list[Change]) -> int:
    return len(json.dumps(ops, separators=(",", ":"))) if ops else 0


def _kept_in_order(old: list[str], new: list[str]) -> set[str]:
    """The keys of both lists that keep their order: a longest common subsequence of the keys in both."""
    common = set(old) & set(new)
    place = {key: i for i, key in enumerate(old)}
    sequence = [place[key] for key in new if key in common]
    # longest increasing subsequence of the old places, in the new order (patience sorting)
    tails: list[int] = []
    tail_at: list[int] = []
    previous: list[int] = [-1] * len(sequence)
    for i, value in enumerate(sequence):
        j = bisect.bisect_left(tails, value)
        if j == len(tails):
            tails.append(value)
            tail_at.append(i)
        else:
            tails[j] = value
            tail_at[j] = i
        previous[i] = tail_at[j - 1] if j else -1
    kept: set[str] = set()
    i = tail_at[-1] if tail_at else -1
    while i >= 0:
        kept.add(old[sequence[i]])
        i = previous[i]
    return kept


def apply_changes(svg: str, ops: list[Change]) -> str:
    """``svg`` with the operations applied, as the page applies them (raises Unsplittable or KeyError when
    they do not fit the drawing: the page then asks for the whole board)."""
    root = split(svg)
    apply_to(root, ops)
    return root.render()


def apply_to(root: Node, ops: list[Change]) -> None:
    """Apply the operations to a split drawing, in place (``apply_changes``; a caller that applies many in
    turn keeps the tree). A node's ``text`` is left as it was split: ``render`` is the drawing."""
    index: dict[str, tuple[Node, Node]] = {}  # id -> (its node, its parent)

    def walk(node: Node) -> None:
        for child, _ in node.children:
            assert child.id is not None
            index[child.id] = (child, node)
            walk(child)

    walk(root)

    def node_of(key: object) -> Node:
        return root if key is None else index[str(key)][0]

    def place(parent: Node, key: str) -> int:
        return next(i for i, (c, _) in enumerate(parent.children) if c.id == key)

    for op in ops:
        kind = op[0]
        if kind == "head":
            node = node_of(op[1])
            node.head = _respliced(node.head, op[2])
        elif kind == "start":
            node = node_of(op[1])
            if _name(str(op[2])) != _name(node.start):
                raise Unsplittable("a start tag of another name")
            node.start = str(op[2])
        elif kind == "tail" or kind == "replace" or kind == "remove":
            key = str(op[1])
            node, parent = index[key]
            i = place(parent, key)
            if kind == "tail":
                tail = _respliced(parent.children[i][1], op[2])
                parent.children[i] = (node, tail)
            elif kind == "remove":
                del parent.children[i]
                del index[key]
                _forget(node, index)
            else:
                _forget(node, index)
                fresh = split(str(op[2]))
                fresh.id = key
                index[key] = (fresh, parent)
                walk(fresh)
                parent.children[i] = (fresh, parent.children[i][1])
        elif kind == "put":
            key, parent = str(op[1]), node_of(op[2])
            if key in index:
                raise Unsplittable(f"the id {key!r} is there already")
            wrapper = split(f"<g>{op[4]}</g>")
            if len(wrapper.children) != 1 or wrapper.head or wrapper.children[0][0].id != key:
                raise Unsplittable(f"the put of {key!r} is not one element with its tail")
            at = 0 if op[3] is None else place(parent, str(op[3])) + 1
            parent.children.insert(at, wrapper.children[0])
            index[key] = (wrapper.children[0][0], parent)
            walk(wrapper.children[0][0])
        else:
            raise Unsplittable(f"unknown change {kind!r}")


def _count(value: object) -> int:
    if not isinstance(value, int):
        raise Unsplittable(f"{value!r} is not a place")
    return value


def _forget(node: Node, index: dict[str, tuple[Node, Node]]) -> None:
    for child, _ in node.children:
        assert child.id is not None
        if child.id in index and index[child.id][0] is child:
            del index[child.id]
        _forget(child, index)
