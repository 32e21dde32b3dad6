"""Keeps, of PP-OCRv4's text recogniser's classes, only those prices are written in.

The recogniser's last layer (a MatMul and an Add before the final Softmax) scores 6,625 classes:
CTC's blank, the characters of the model's `character` metadata, and a space. Most are Chinese
characters, which would replace a digit the network is less sure of (it reads a Japanese 円,
which it does not know, as 元), and they hold a fifth of its weights. This script keeps the blank,
the space and the characters of ``kept(character)`` (Latin letters, digits, punctuation, currency
signs) in the MatMul's weight columns and the Add's bias, so the Softmax runs over those alone:
for them the same scores, in the same order, as the model as shipped. Everything else in the
graph stays as it is.

It also writes the kept characters, one per line: class 0 is CTC's blank, class i the list's
line i, the last class a space.

usage: prune_recognizer_classes.py IN.onnx OUT.onnx CHARACTERS.txt
"""
import sys

import numpy as np
import onnx
from onnx import numpy_helper


def kept(character):
    """Whether a class's character is one prices are written in: ASCII, Latin-1 and Latin Extended-A
    letters but the multiplication and division signs, currency signs, the full-width yen sign."""
    if len(character) != 1:
        return False
    code = ord(character)
    if code in (0xD7, 0xF7):
        return False
    return 0x20 <= code <= 0x7E or 0xA3 <= code <= 0xA5 or 0xC0 <= code <= 0x17F or 0x20A0 <= code <= 0x20CF or code == 0xFFE5


def pruned(model, keep):
    """Keeps only the classes `keep` (indices, ascending) of the MatMul and Add before the final Softmax."""
    graph = model.graph
    softmax = graph.node[-1]
    if softmax.op_type != "Softmax":
        sys.exit("the recogniser does not end in a Softmax")
    add = next((n for n in graph.node if softmax.input[0] in n.output), None)
    matmul = next((n for n in graph.node if add is not None and add.input[0] in n.output), None)
    if add is None or add.op_type != "Add" or matmul is None or matmul.op_type != "MatMul":
        sys.exit("the recogniser's Softmax does not follow a MatMul and an Add")
    # The weights are initializers or Constant nodes' values (as in the wheel's model).
    initializers = {init.name: init for init in graph.initializer}
    constants = {node.output[0]: attribute for node in graph.node if node.op_type == "Constant"
                 for attribute in node.attribute if attribute.name == "value"}
    for name, columns in ((matmul.input[1], lambda w: w[:, keep]), (add.input[1], lambda b: b[keep])):
        tensor = initializers.get(name) or (constants[name].t if name in constants else None)
        if tensor is None:
            sys.exit(f"the recogniser's last layer has no constant {name}")
        tensor.CopyFrom(numpy_helper.from_array(columns(numpy_helper.to_array(tensor)).astype(np.float32), name))
    for value in list(graph.output):
        # The output's class dimension shrinks with the layer.
        dims = value.type.tensor_type.shape.dim
        if len(dims) == 3:
            dims[2].ClearField("dim_param")
            dims[2].dim_value = len(keep)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip())
    source, target, characters_path = sys.argv[1:]
    model = onnx.load(source)
    metadata = {p.key: p.value for p in model.metadata_props}
    characters = metadata.get("character")
    if not characters:
        sys.exit(f"{source}: no character list in the model's metadata")
    classes = [""] + characters.splitlines() + [" "]
    keep = [index for index, character in enumerate(classes) if index == 0 or index == len(classes) - 1 or kept(character)]
    pruned(model, keep)
    onnx.checker.check_model(model)
    onnx.save(model, target)
    with open(characters_path, "w", encoding="utf-8") as out:
        out.write("".join(classes[index] + "\n" for index in keep[1:-1]))
    print(f"{target}: {len(keep)} of {len(classes)} classes kept")


if __name__ == "__main__":
    main()
