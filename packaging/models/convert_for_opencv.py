"""Rewrites the PP-OCRv4 detection model for OpenCV 4.6's DNN module, keeping its arithmetic.

1. Clip: since opset 11 it takes its bounds as inputs; OpenCV 4.6 reads only the `min` and `max`
   attributes of the older form. Constant bounds become attributes.
2. Learnable affine blocks (PP-LCNet's `scale * x + bias`, as a Mul and an Add by constants)
   right after a convolution whose output nothing else reads are folded into that convolution's
   weights and bias; those right before a 1x1 convolution without padding, into that one.
3. HardSwish, exported as x * Clip(x + 3, 0, 6) / 6, becomes one HardSwish node.

OpenCV otherwise runs each of these as its own pass over the activations: a quarter of the
network's time. Every rewrite computes the same values up to float rounding.

usage: convert_for_opencv.py IN.onnx OUT.onnx
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper


class Graph:
    def __init__(self, model):
        self.model = model
        self.graph = model.graph
        self.constants = {init.name: numpy_helper.to_array(init) for init in self.graph.initializer}
        for node in self.graph.node:
            if node.op_type == "Constant":
                for attribute in node.attribute:
                    if attribute.name == "value":
                        self.constants[node.output[0]] = numpy_helper.to_array(attribute.t)

    def producer(self, name):
        return next((n for n in self.graph.node if name in n.output), None)

    def consumers(self, name):
        outputs = [o.name for o in self.graph.output]
        return [n for n in self.graph.node if name in n.input] + ([None] if name in outputs else [])

    def set_constant(self, name, value):
        """Replaces a Constant node's or an initializer's value."""
        for init in self.graph.initializer:
            if init.name == name:
                init.CopyFrom(numpy_helper.from_array(value.astype(np.float32), name))
                self.constants[name] = value
                return
        for node in self.graph.node:
            if node.op_type == "Constant" and node.output[0] == name:
                for attribute in node.attribute:
                    if attribute.name == "value":
                        attribute.t.CopyFrom(numpy_helper.from_array(value.astype(np.float32), name))
                self.constants[name] = value
                return
        self.graph.initializer.append(numpy_helper.from_array(value.astype(np.float32), name))
        self.constants[name] = value

    def rename_input(self, old, new):
        for node in self.graph.node:
            for index, name in enumerate(node.input):
                if name == old:
                    node.input[index] = new
        for output in self.graph.output:
            if output.name == old:
                output.name = new


def constant_operand(graph, node):
    """For a Mul or Add with one constant operand: (the other input, the constant)."""
    a, b = node.input
    if b in graph.constants and a not in graph.constants:
        return a, graph.constants[b]
    if a in graph.constants and b not in graph.constants:
        return b, graph.constants[a]
    return None, None


def per_channel(value, channels):
    value = np.asarray(value, dtype=np.float64)
    if value.size == 1:
        return np.full(channels, float(value.reshape(-1)[0]))
    if value.size == channels:
        return value.reshape(channels)
    return None


def affine_after(graph, name):
    """A Mul by a constant, then an Add of a constant, reading `name` alone: (mul, add, scale, bias)."""
    readers = graph.consumers(name)
    if len(readers) != 1 or readers[0] is None or readers[0].op_type != "Mul":
        return None
    mul = readers[0]
    _, scale = constant_operand(graph, mul)
    after = graph.consumers(mul.output[0])
    if scale is None or len(after) != 1 or after[0] is None or after[0].op_type != "Add":
        return None
    add = after[0]
    _, bias = constant_operand(graph, add)
    if bias is None:
        return None
    return mul, add, scale, bias


def conv_parts(graph, conv):
    weight = graph.constants.get(conv.input[1])
    bias = graph.constants.get(conv.input[2]) if len(conv.input) > 2 else None
    return weight, bias


def fold_affines_into_convolutions(graph):
    folded = 0
    for conv in [n for n in graph.graph.node if n.op_type == "Conv"]:
        found = affine_after(graph, conv.output[0])
        if found is None:
            continue
        mul, add, scale, bias = found
        weight, conv_bias = conv_parts(graph, conv)
        if weight is None:
            continue
        channels = weight.shape[0]
        s, t = per_channel(scale, channels), per_channel(bias, channels)
        if s is None or t is None:
            continue
        b = conv_bias if conv_bias is not None else np.zeros(channels)
        graph.set_constant(conv.input[1], weight * s.reshape(-1, 1, 1, 1))
        bias_name = conv.input[2] if len(conv.input) > 2 else conv.output[0] + "_folded_bias"
        graph.set_constant(bias_name, b * s + t)
        if len(conv.input) < 3:
            conv.input.append(bias_name)
        graph.rename_input(add.output[0], conv.output[0])
        graph.graph.node.remove(mul)
        graph.graph.node.remove(add)
        folded += 1
    return folded


def fold_affines_before_pointwise(graph):
    folded = 0
    for mul in [n for n in graph.graph.node if n.op_type == "Mul"]:
        if mul not in graph.graph.node:
            continue
        source, scale = constant_operand(graph, mul)
        if scale is None:
            continue
        after = graph.consumers(mul.output[0])
        if len(after) != 1 or after[0] is None or after[0].op_type != "Add":
            continue
        add = after[0]
        _, bias = constant_operand(graph, add)
        readers = graph.consumers(add.output[0])
        if bias is None or len(readers) != 1 or readers[0] is None or readers[0].op_type != "Conv":
            continue
        conv = readers[0]
        attributes = {a.name: helper.get_attribute_value(a) for a in conv.attribute}
        weight, conv_bias = conv_parts(graph, conv)
        if weight is None or weight.shape[2:] != (1, 1) or any(attributes.get("pads", [0])) or attributes.get("group", 1) != 1:
            continue
        inputs = weight.shape[1]
        s, t = per_channel(scale, inputs), per_channel(bias, inputs)
        if s is None or t is None:
            continue
        b = conv_bias if conv_bias is not None else np.zeros(weight.shape[0])
        graph.set_constant(conv.input[1], weight * s.reshape(1, -1, 1, 1))
        bias_name = conv.input[2] if len(conv.input) > 2 else conv.output[0] + "_folded_bias"
        graph.set_constant(bias_name, b + (weight[:, :, 0, 0] * t.reshape(1, -1)).sum(axis=1))
        if len(conv.input) < 3:
            conv.input.append(bias_name)
        conv.input[0] = source
        graph.graph.node.remove(mul)
        graph.graph.node.remove(add)
        folded += 1
    return folded


def clip_bounds_as_attributes(graph):
    rewritten = 0
    for node in graph.graph.node:
        if node.op_type != "Clip" or len(node.input) == 1:
            continue
        bounds = {}
        for name, position in (("min", 1), ("max", 2)):
            if len(node.input) > position and node.input[position]:
                source = node.input[position]
                if source not in graph.constants:
                    sys.exit(f"Clip node {node.name!r}: its {name} comes from {source!r}, not a constant")
                bounds[name] = float(graph.constants[source].reshape(-1)[0])
        del node.input[1:]
        for name, value in bounds.items():
            node.attribute.append(helper.make_attribute(name, value))
        rewritten += 1
    return rewritten


def hard_swishes(graph):
    """x -> Add(x, 3) -> Clip(0, 6) -> Mul(x, .) -> Div(., 6) as HardSwish(x)."""
    replaced = 0
    for clip in [n for n in graph.graph.node if n.op_type == "Clip"]:
        add = graph.producer(clip.input[0])
        if add is None or add.op_type != "Add":
            continue
        x, three = constant_operand(graph, add)
        bounds = {a.name: a.f for a in clip.attribute}
        if three is None or three.size != 1 or float(three.reshape(-1)[0]) != 3.0 or bounds.get("min") != 0.0 or bounds.get("max") != 6.0:
            continue
        muls = [n for n in graph.consumers(clip.output[0]) if n is not None and n.op_type == "Mul" and x in n.input]
        if len(muls) != 1 or len(graph.consumers(add.output[0])) != 1 or len(graph.consumers(clip.output[0])) != 1:
            continue
        mul = muls[0]
        divs = graph.consumers(mul.output[0])
        if len(divs) != 1 or divs[0] is None or divs[0].op_type != "Div":
            continue
        div = divs[0]
        if div.input[0] != mul.output[0] or div.input[1] not in graph.constants or float(graph.constants[div.input[1]].reshape(-1)[0]) != 6.0:
            continue
        node = helper.make_node("HardSwish", [x], [div.output[0]], name=div.output[0] + "_hardswish")
        position = list(graph.graph.node).index(div)
        graph.graph.node.insert(position, node)
        for old in (add, clip, mul, div):
            graph.graph.node.remove(old)
        replaced += 1
    return replaced


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    model = onnx.load(sys.argv[1])
    graph = Graph(model)
    clips = clip_bounds_as_attributes(graph)
    after = fold_affines_into_convolutions(graph)
    before = fold_affines_before_pointwise(graph)
    swishes = hard_swishes(graph)
    onnx.save(model, sys.argv[2])
    print(f"rewrote {clips} Clip nodes, folded {after + before} affine blocks into convolutions, made {swishes} HardSwish nodes")


if __name__ == "__main__":
    main()
