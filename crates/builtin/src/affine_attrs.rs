//! Affine maps and integer sets as attributes (`affine_map<...>`,
//! `affine_set<...>`), and the strided layout (`strided<[...], offset: ...>`).
//!
//! An attribute payload cannot hold a handle of the affine cluster (its type
//! names the context's threading policy, which payloads do not know), so the
//! attribute holds the expression trees themselves, in postfix order, exactly
//! as the affine cluster canonicalised them. Equal maps of one context give
//! equal trees, hence one attribute; [`AffineMapAttrData::to_affine_map`]
//! interns the map again in a context's affine cluster.

use core::fmt;

use crate::error::BuiltinError;
use crate::types::DYNAMIC;
use crate::{AsContext, builtin_kind};
use strata_ctx::affine::{AffineContext, AffineExpr, AffineExprKind, AffineMap, IntegerSet};
use strata_ctx::{Interned, Policy};

/// One node of an affine expression in postfix order: the leaves, and the
/// binary operators, which take the two expressions before them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AffineNode {
    /// `d{n}`.
    Dim(u32),
    /// `s{n}`.
    Symbol(u32),
    /// A constant.
    Constant(i64),
    /// `lhs + rhs`.
    Add,
    /// `lhs * rhs`.
    Mul,
    /// `lhs floordiv rhs`.
    FloorDiv,
    /// `lhs ceildiv rhs`.
    CeilDiv,
    /// `lhs mod rhs`.
    Mod,
}

/// Appends `expr` in postfix order.
fn encode<P: Policy>(expr: AffineExpr<'_, P>, out: &mut Vec<AffineNode>) {
    let (lhs, rhs, op) = match expr.kind() {
        AffineExprKind::Dim(d) => return out.push(AffineNode::Dim(d)),
        AffineExprKind::Symbol(s) => return out.push(AffineNode::Symbol(s)),
        AffineExprKind::Constant(c) => return out.push(AffineNode::Constant(c)),
        AffineExprKind::Add(l, r) => (l, r, AffineNode::Add),
        AffineExprKind::Mul(l, r) => (l, r, AffineNode::Mul),
        AffineExprKind::FloorDiv(l, r) => (l, r, AffineNode::FloorDiv),
        AffineExprKind::CeilDiv(l, r) => (l, r, AffineNode::CeilDiv),
        AffineExprKind::Mod(l, r) => (l, r, AffineNode::Mod),
    };
    encode(lhs, out);
    encode(rhs, out);
    out.push(op);
}

/// An expression tree rebuilt from postfix nodes, for printing.
enum Tree {
    Leaf(AffineNode),
    Bin(AffineNode, Box<Tree>, Box<Tree>),
}

/// Rebuilds the trees of a postfix sequence of whole expressions, or
/// `None` if it is malformed or uses a dimension or symbol out of range.
fn decode(nodes: &[AffineNode], num_dims: u32, num_symbols: u32) -> Option<Vec<Tree>> {
    let mut stack: Vec<Tree> = Vec::new();
    for &n in nodes {
        match n {
            AffineNode::Dim(d) if d >= num_dims => return None,
            AffineNode::Symbol(s) if s >= num_symbols => return None,
            AffineNode::Dim(_) | AffineNode::Symbol(_) | AffineNode::Constant(_) => {
                stack.push(Tree::Leaf(n));
            }
            op => {
                let rhs = stack.pop()?;
                let lhs = stack.pop()?;
                stack.push(Tree::Bin(op, Box::new(lhs), Box::new(rhs)));
            }
        }
    }
    Some(stack)
}

/// Rebuilds postfix expressions in an affine cluster.
fn rebuild<'a, P: Policy>(
    aff: &'a AffineContext<P>,
    nodes: &[AffineNode],
) -> Vec<AffineExpr<'a, P>> {
    let mut stack: Vec<AffineExpr<'a, P>> = Vec::new();
    for &n in nodes {
        let e = match n {
            AffineNode::Dim(d) => aff.dim(d),
            AffineNode::Symbol(s) => aff.symbol(s),
            AffineNode::Constant(c) => aff.constant(c),
            op => {
                let rhs = stack.pop().expect("checked postfix");
                let lhs = stack.pop().expect("checked postfix");
                match op {
                    AffineNode::Add => aff.add(lhs, rhs),
                    AffineNode::Mul => aff.mul(lhs, rhs),
                    AffineNode::FloorDiv => aff.floor_div(lhs, rhs),
                    AffineNode::CeilDiv => aff.ceil_div(lhs, rhs),
                    _ => aff.modulo(lhs, rhs),
                }
            }
        };
        stack.push(e);
    }
    stack
}

/// Whether the tree is the constant `c`.
fn constant(t: &Tree) -> Option<i64> {
    match t {
        Tree::Leaf(AffineNode::Constant(c)) => Some(*c),
        _ => None,
    }
}

/// MLIR's `printAffineExprInternal`: `strong` is `BindingStrength::Strong`
/// (the enclosing operator binds tighter than `+`).
fn write_tree(f: &mut fmt::Formatter<'_>, t: &Tree, strong: bool) -> fmt::Result {
    let (op, lhs, rhs) = match t {
        Tree::Leaf(AffineNode::Dim(d)) => return write!(f, "d{d}"),
        Tree::Leaf(AffineNode::Symbol(s)) => return write!(f, "s{s}"),
        Tree::Leaf(AffineNode::Constant(c)) => return write!(f, "{c}"),
        Tree::Leaf(_) => unreachable!("operators are never leaves"),
        Tree::Bin(op, l, r) => (*op, &**l, &**r),
    };
    let open = |f: &mut fmt::Formatter<'_>| if strong { f.write_str("(") } else { Ok(()) };
    let close = |f: &mut fmt::Formatter<'_>| if strong { f.write_str(")") } else { Ok(()) };
    if op != AffineNode::Add {
        open(f)?;
        if op == AffineNode::Mul && constant(rhs) == Some(-1) {
            f.write_str("-")?;
            write_tree(f, lhs, true)?;
            return close(f);
        }
        write_tree(f, lhs, true)?;
        f.write_str(match op {
            AffineNode::Mul => " * ",
            AffineNode::FloorDiv => " floordiv ",
            AffineNode::CeilDiv => " ceildiv ",
            _ => " mod ",
        })?;
        write_tree(f, rhs, true)?;
        return close(f);
    }
    open(f)?;
    // `a + b * -1` prints as `a - b`, `a + b * -c` as `a - b * c`.
    if let Tree::Bin(AffineNode::Mul, rl, rr) = rhs
        && let Some(c) = constant(rr)
    {
        if c == -1 {
            write_tree(f, lhs, false)?;
            f.write_str(" - ")?;
            let add = matches!(**rl, Tree::Bin(AffineNode::Add, ..));
            write_tree(f, rl, add)?;
            return close(f);
        }
        if c < -1 {
            write_tree(f, lhs, false)?;
            f.write_str(" - ")?;
            write_tree(f, rl, true)?;
            write!(f, " * {}", c.wrapping_neg())?;
            return close(f);
        }
    }
    // `a + -c` prints as `a - c`.
    if let Some(c) = constant(rhs)
        && c < 0
    {
        write_tree(f, lhs, false)?;
        write!(f, " - {}", c.wrapping_neg())?;
        return close(f);
    }
    write_tree(f, lhs, false)?;
    f.write_str(" + ")?;
    write_tree(f, rhs, false)?;
    close(f)
}

/// Writes `(d0, d1)[s0]`.
fn write_ids(f: &mut fmt::Formatter<'_>, num_dims: u32, num_symbols: u32) -> fmt::Result {
    f.write_str("(")?;
    for d in 0..num_dims {
        if d > 0 {
            f.write_str(", ")?;
        }
        write!(f, "d{d}")?;
    }
    f.write_str(")")?;
    if num_symbols > 0 {
        f.write_str("[")?;
        for s in 0..num_symbols {
            if s > 0 {
                f.write_str(", ")?;
            }
            write!(f, "s{s}")?;
        }
        f.write_str("]")?;
    }
    Ok(())
}

/// The payload of an affine map attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AffineMapAttrData<'s> {
    /// The number of dimensions.
    pub num_dims: u32,
    /// The number of symbols.
    pub num_symbols: u32,
    /// The result expressions, one after the other, in postfix order.
    pub nodes: &'s [AffineNode],
}

impl AffineMapAttrData<'_> {
    /// Whether the map is the identity (`(d0, d1) -> (d0, d1)`).
    pub fn is_identity(&self) -> bool {
        self.nodes.len() == self.num_dims as usize
            && self
                .nodes
                .iter()
                .enumerate()
                .all(|(i, n)| *n == AffineNode::Dim(i as u32))
    }

    /// The number of results.
    pub fn num_results(&self) -> usize {
        decode(self.nodes, self.num_dims, self.num_symbols).map_or(0, |r| r.len())
    }

    /// The map, interned in the affine cluster `aff`.
    pub fn to_affine_map<'a, P: Policy>(&self, aff: &'a AffineContext<P>) -> AffineMap<'a, P> {
        let results = rebuild(aff, self.nodes);
        aff.map(self.num_dims, self.num_symbols, &results)
    }
}

impl fmt::Display for AffineMapAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("affine_map<")?;
        write_ids(f, self.num_dims, self.num_symbols)?;
        f.write_str(" -> (")?;
        let trees = decode(self.nodes, self.num_dims, self.num_symbols).unwrap_or_default();
        for (i, t) in trees.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_tree(f, t, false)?;
        }
        f.write_str(")>")
    }
}

builtin_kind!(
    /// `affine_map<(d0)[s0] -> (d0 + s0)>`.
    AffineMapAttr: "builtin.affine_map", Attribute, AttributeKind, AffineMapAttrData<'c>, AffineMapAttrData<'k>,
    |key, arena| AffineMapAttrData { num_dims: key.num_dims, num_symbols: key.num_symbols, nodes: arena.alloc_slice_copy(key.nodes) }
);

/// The payload of an integer set attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSetAttrData<'s> {
    /// The number of dimensions.
    pub num_dims: u32,
    /// The number of symbols.
    pub num_symbols: u32,
    /// The constraint expressions, one after the other, in postfix order.
    pub nodes: &'s [AffineNode],
    /// Per constraint: `== 0` (true) or `>= 0` (false).
    pub eq_flags: &'s [bool],
}

impl IntegerSetAttrData<'_> {
    /// The set, interned in the affine cluster `aff`.
    pub fn to_integer_set<'a, P: Policy>(&self, aff: &'a AffineContext<P>) -> IntegerSet<'a, P> {
        let constraints = rebuild(aff, self.nodes);
        aff.integer_set(self.num_dims, self.num_symbols, &constraints, self.eq_flags)
    }
}

impl fmt::Display for IntegerSetAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("affine_set<")?;
        write_ids(f, self.num_dims, self.num_symbols)?;
        f.write_str(" : (")?;
        let trees = decode(self.nodes, self.num_dims, self.num_symbols).unwrap_or_default();
        for (i, t) in trees.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_tree(f, t, false)?;
            let eq = self.eq_flags.get(i).copied().unwrap_or(false);
            f.write_str(if eq { " == 0" } else { " >= 0" })?;
        }
        f.write_str(")>")
    }
}

builtin_kind!(
    /// `affine_set<(d0)[s0] : (d0 - s0 >= 0)>`.
    IntegerSetAttr: "builtin.integer_set", Attribute, AttributeKind, IntegerSetAttrData<'c>, IntegerSetAttrData<'k>,
    |key, arena| IntegerSetAttrData {
        num_dims: key.num_dims,
        num_symbols: key.num_symbols,
        nodes: arena.alloc_slice_copy(key.nodes),
        eq_flags: arena.alloc_slice_copy(key.eq_flags),
    }
);

/// The payload of a strided layout: `strided<[s0, s1], offset: o>`;
/// [`DYNAMIC`] is `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StridedLayoutAttrData<'s> {
    /// The offset (0 is not printed).
    pub offset: i64,
    /// One stride per dimension.
    pub strides: &'s [i64],
}

/// Writes `n`, or `?` for [`DYNAMIC`].
fn write_dim(f: &mut fmt::Formatter<'_>, n: i64) -> fmt::Result {
    if n == DYNAMIC {
        f.write_str("?")
    } else {
        write!(f, "{n}")
    }
}

impl fmt::Display for StridedLayoutAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("strided<[")?;
        for (i, &s) in self.strides.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_dim(f, s)?;
        }
        f.write_str("]")?;
        if self.offset != 0 {
            f.write_str(", offset: ")?;
            write_dim(f, self.offset)?;
        }
        f.write_str(">")
    }
}

builtin_kind!(
    /// `strided<[4, 1], offset: ?>`: a memref layout of strides.
    StridedLayoutAttr: "builtin.strided_layout", Attribute, AttributeKind, StridedLayoutAttrData<'c>, StridedLayoutAttrData<'k>,
    |key, arena| StridedLayoutAttrData { offset: key.offset, strides: arena.alloc_slice_copy(key.strides) }
);

/// The affine and layout attributes, as methods of a context.
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait AffineAttrs: AsContext {
    /// `affine_map<...>` of a map of this context's affine cluster.
    fn affine_map_attr<'c>(&'c self, map: AffineMap<'c, Self::P>) -> Interned<'c, AffineMapAttr> {
        let mut nodes = Vec::new();
        for &r in map.results() {
            encode(r, &mut nodes);
        }
        self.context().intern::<AffineMapAttr>(AffineMapAttrData {
            num_dims: map.num_dims(),
            num_symbols: map.num_symbols(),
            nodes: &nodes,
        })
    }

    /// `affine_set<...>` of a set of this context's affine cluster.
    fn integer_set_attr<'c>(
        &'c self,
        set: IntegerSet<'c, Self::P>,
    ) -> Interned<'c, IntegerSetAttr> {
        let mut nodes = Vec::new();
        for &c in set.constraints() {
            encode(c, &mut nodes);
        }
        self.context().intern::<IntegerSetAttr>(IntegerSetAttrData {
            num_dims: set.num_dims(),
            num_symbols: set.num_symbols(),
            nodes: &nodes,
            eq_flags: set.eq_flags(),
        })
    }

    /// `strided<[strides], offset: offset>`.
    ///
    /// # Panics
    ///
    /// If a stride is zero.
    #[track_caller]
    fn strided_layout_attr<'c>(
        &'c self,
        offset: i64,
        strides: &[i64],
    ) -> Interned<'c, StridedLayoutAttr> {
        crate::error::ok(self.try_strided_layout_attr(offset, strides))
    }

    /// `strided<[strides], offset: offset>`, rejecting a zero stride (`strides
    /// must not be zero`, as MLIR 19's verifier does).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_strided_layout_attr<'c>(
        &'c self,
        offset: i64,
        strides: &[i64],
    ) -> Result<Interned<'c, StridedLayoutAttr>, BuiltinError> {
        if strides.contains(&0) {
            return Err(BuiltinError::new("strides must not be zero"));
        }
        Ok(self
            .context()
            .intern::<StridedLayoutAttr>(StridedLayoutAttrData { offset, strides }))
    }
}

impl<T: AsContext + ?Sized> AffineAttrs for T {}
