// Walking a tree in source order through each node kind's children (no reflection: fast, and
// it never wanders into checker annotations).

import type { Node } from "./ast";

export function forEachNode(root: Node | Node[], f: (n: Node) => void): void {
  if (Array.isArray(root)) {
    for (const n of root) forEachNode(n, f);
    return;
  }
  f(root);
  forEachChild(root, (c) => forEachNode(c, f));
}

function each(list: readonly Node[], f: (n: Node) => void): void {
  for (const n of list) f(n);
}

export function forEachChild(n: Node, f: (n: Node) => void): void {
  switch (n.kind) {
    case "Script":
    case "Block":
      return each(n.body, f);
    case "VarDecl":
      if (n.typeAnn) f(n.typeAnn);
      f(n.name);
      return f(n.init);
    case "TupleDecl":
      for (const x of n.names) if (x) f(x);
      return f(n.init);
    case "Assign":
      f(n.target);
      return f(n.value);
    case "ExprStmt":
      return f(n.expr);
    case "FunctionDecl":
      f(n.name);
      each(n.params, f);
      return f(n.body);
    case "Param":
      if (n.typeAnn) f(n.typeAnn);
      f(n.name);
      if (n.defaultValue) f(n.defaultValue);
      return;
    case "TypeDecl":
      f(n.name);
      return each(n.fields, f);
    case "FieldDecl":
      f(n.typeAnn);
      f(n.name);
      if (n.defaultValue) f(n.defaultValue);
      return;
    case "EnumDecl":
      f(n.name);
      return each(n.members, f);
    case "EnumMember":
      f(n.name);
      if (n.title) f(n.title);
      return;
    case "ImportDecl":
      return f(n.alias);
    case "If":
      f(n.cond);
      f(n.then);
      if (n.else) f(n.else);
      return;
    case "Switch":
      if (n.subject) f(n.subject);
      return each(n.cases, f);
    case "SwitchCase":
      if (n.test) f(n.test);
      return f(n.body);
    case "For":
      f(n.counter);
      f(n.from);
      f(n.to);
      if (n.step) f(n.step);
      return f(n.body);
    case "ForIn":
      if (n.index) f(n.index);
      f(n.item);
      f(n.iterable);
      return f(n.body);
    case "While":
      f(n.cond);
      return f(n.body);
    case "Member":
      f(n.object);
      return f(n.property);
    case "Call":
      f(n.callee);
      each(n.typeArgs, f);
      return each(n.args, f);
    case "Argument":
      if (n.name) f(n.name);
      return f(n.value);
    case "Index":
      f(n.object);
      return f(n.index);
    case "Unary":
      return f(n.operand);
    case "Binary":
      f(n.left);
      return f(n.right);
    case "Ternary":
      f(n.cond);
      f(n.then);
      return f(n.else);
    case "TupleExpr":
      return each(n.elements, f);
    case "TypeRef":
      return each(n.args, f);
    default:
      return;
  }
}
