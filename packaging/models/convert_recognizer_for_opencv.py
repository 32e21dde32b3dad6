"""Rewrites PP-OCR's text line models for OpenCV 4.6's DNN module: the PP-OCRv4 recogniser, one
file per input width, and the text direction classifier (upright or upside down), at 48x192.

Both take a 48-pixel-high line of any width. OpenCV 4.6 cannot import it as shipped: it
computes reshape targets from the input's shape at run time (Shape, Gather, Concat, ... nodes),
and OpenCV's importer needs them constant. For each width asked for, this script

1. runs the original model once under ONNX Runtime at that width, with every tensor that depends
   only on constants and on the input's shape made an output, and puts the values computed there
   into the graph as constants (the nodes that computed them go);
2. gives Clip its bounds as attributes (as the detector's conversion does);
3. turns the layer norms' per-feature scales (a Mul by a vector along the last axis, which
   OpenCV 4.6 broadcasts along the second) into a MatMul by the diagonal matrix of that vector;
4. keeps, of the last layer's classes, only CTC's blank, the space and the characters prices are
   written in (``kept(character)``: Latin letters, digits, punctuation, currency signs): the
   network's other 6,400 classes are Chinese characters, which would otherwise replace a digit it
   is less sure of, and they hold a fifth of its weights;
5. checks that OpenCV's output equals ONNX Runtime's on a random input, over the classes kept
   (largest difference 1e-3; the softmax is then over the kept classes only, so the comparison is
   of the logits' order: the same most probable class at every step).

For the recogniser it also writes the kept characters (of its `character` metadata), one per
line: class 0 is CTC's blank, class i its line i, the last class a space.

ONNX Runtime is used only here, at install time; lensd itself runs the models with OpenCV.

usage: convert_recognizer_for_opencv.py recognizer IN.onnx OUT_DIR WIDTH...
       convert_recognizer_for_opencv.py classifier IN.onnx OUT.onnx
"""
import os
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from convert_for_opencv import Graph, clip_bounds_as_attributes  # noqa: E402

HEIGHT = 48
BASE = "ch_PP-OCRv4_rec.opencv"
CLASSIFIER_WIDTH = 192


def shape_constants(model):
    """The tensors that depend only on constants and the input's shape, and those of them that
    nodes depending on the input read."""
    graph = model.graph
    constant = {init.name for init in graph.initializer}
    for node in graph.node:
        inputs = [name for name in node.input if name]
        if node.op_type in ("Constant", "Shape") or (inputs and all(name in constant for name in inputs)):
            constant.update(node.output)
    kept = [node for node in graph.node if not all(name in constant for name in node.output)]
    initializers = {init.name for init in graph.initializer}
    read = sorted({name for node in kept for name in node.input if name in constant and name not in initializers})
    return kept, read


def folded(source, width, session_factory):
    model = onnx.load(source)
    graph = model.graph
    kept, read = shape_constants(model)
    constants = {}
    for node in graph.node:
        if node.op_type == "Constant":
            for attribute in node.attribute:
                if attribute.name == "value":
                    constants[node.output[0]] = numpy_helper.to_array(attribute.t)
    probe = onnx.load(source)
    types = {v.name: v.type.tensor_type.elem_type for v in onnx.shape_inference.infer_shapes(probe).graph.value_info}
    for name in read:
        if name not in constants:
            probe.graph.output.append(helper.make_tensor_value_info(name, types.get(name) or onnx.TensorProto.INT64, None))
    session = session_factory(probe.SerializeToString())
    x = np.random.RandomState(width).rand(1, 3, HEIGHT, width).astype(np.float32) * 2 - 1
    names = [output.name for output in session.get_outputs()]
    values = dict(zip(names, session.run(None, {graph.input[0].name: x})))
    reference = values[graph.output[0].name]
    del graph.node[:]
    graph.node.extend(kept)
    for name in read:
        graph.initializer.append(numpy_helper.from_array(np.asarray(constants.get(name, values.get(name))), name))
    used = {name for node in graph.node for name in node.input}
    initializers = [init for init in graph.initializer if init.name in used]
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    dims = graph.input[0].type.tensor_type.shape.dim
    for index, value in enumerate((1, 3, HEIGHT, width)):
        dims[index].dim_value = value
    del graph.value_info[:]
    return model, x, reference


def kept(character):
    """Whether a class's character is one prices are written in: ASCII, Latin-1 and Latin Extended-A
    letters but the multiplication and division signs, currency signs, the full-width yen sign."""
    if len(character) != 1:
        return False
    code = ord(character)
    if code in (0xD7, 0xF7):
        return False
    return 0x20 <= code <= 0x7E or 0xA3 <= code <= 0xA5 or 0xC0 <= code <= 0x17F or 0x20A0 <= code <= 0x20CF or code == 0xFFE5


def pruned_classes(model, keep):
    """Keeps only the classes `keep` (indices, ascending) of the MatMul and Add before the final Softmax."""
    graph = model.graph
    softmax = graph.node[-1]
    if softmax.op_type != "Softmax":
        sys.exit("the recogniser does not end in a Softmax")
    add = next(n for n in graph.node if softmax.input[0] in n.output)
    matmul = next(n for n in graph.node if add.input[0] in n.output)
    initializers = {init.name: init for init in graph.initializer}
    weight = numpy_helper.to_array(initializers[matmul.input[1]])
    bias = numpy_helper.to_array(initializers[add.input[1]])
    initializers[matmul.input[1]].CopyFrom(numpy_helper.from_array(weight[:, keep].astype(np.float32), matmul.input[1]))
    initializers[add.input[1]].CopyFrom(numpy_helper.from_array(bias[keep].astype(np.float32), add.input[1]))


def diagonal_scales(model):
    graph = model.graph
    initializers = {init.name: init for init in graph.initializer}
    rewritten = 0
    for node in graph.node:
        if node.op_type != "Mul" or len(node.input) != 2 or node.input[1] not in initializers:
            continue
        scale = numpy_helper.to_array(initializers[node.input[1]])
        if scale.ndim != 1 or scale.size < 2:
            continue
        name = node.input[1] + "_diagonal"
        graph.initializer.append(numpy_helper.from_array(np.diag(scale).astype(np.float32), name))
        node.op_type = "MatMul"
        node.input[1] = name
        rewritten += 1
    return rewritten


def converted(source, width, path, session, keep=None):
    model, x, reference = folded(source, width, session)
    clips = clip_bounds_as_attributes(Graph(model))
    scales = diagonal_scales(model)
    if keep is not None:
        pruned_classes(model, keep)
        reference = reference[..., keep]
    onnx.save(model, path)
    import cv2

    net = cv2.dnn.readNetFromONNX(path)
    net.setInput(x)
    output = net.forward().reshape(reference.shape)
    if keep is None:
        difference = float(np.abs(output - reference).max())
        if not difference < 1e-3:
            sys.exit(f"{path}: OpenCV's output differs from ONNX Runtime's by {difference}")
        detail = f"largest difference {difference:.1e}"
    else:
        agree = float((output.argmax(-1) == reference.argmax(-1)).mean())
        if agree < 1:
            sys.exit(f"{path}: OpenCV's most probable class differs from ONNX Runtime's at {1 - agree:.1%} of the steps")
        detail = f"{len(keep)} classes kept, same most probable class at every step"
    print(f"{os.path.basename(path)}: {clips} Clip nodes rewritten, {scales} scales as matrices, {detail}")


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("recognizer", "classifier"):
        sys.exit(__doc__.strip())
    import onnxruntime

    def session(model_bytes):
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        return onnxruntime.InferenceSession(model_bytes, options, providers=["CPUExecutionProvider"])

    kind, source = sys.argv[1], sys.argv[2]
    if kind == "classifier":
        converted(source, CLASSIFIER_WIDTH, sys.argv[3], session)
        return
    out_dir, widths = sys.argv[3], [int(w) for w in sys.argv[4:]]
    metadata = {p.key: p.value for p in onnx.load(source, load_external_data=False).metadata_props}
    characters = metadata.get("character")
    if not characters:
        sys.exit(f"{source}: no character list in the model's metadata")
    classes = [""] + characters.splitlines() + [" "]
    keep = [index for index, character in enumerate(classes) if index == 0 or index == len(classes) - 1 or kept(character)]
    for width in widths:
        converted(source, width, os.path.join(out_dir, f"{BASE}.w{width}.onnx"), session, keep)
    with open(os.path.join(out_dir, "ch_PP-OCRv4_rec.characters.txt"), "w", encoding="utf-8") as out:
        out.write("".join(classes[index] + "\n" for index in keep[1:-1]))


if __name__ == "__main__":
    main()
