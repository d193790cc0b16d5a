//! Printing in MLIR's syntax, following MLIR's `AsmPrinter`
//! (`printAffineExprInternal`, `printAffineMap`, `printIntegerSet`):
//!
//! - `x + c` with a negative `c` prints `x - |c|`; `x + y * -1` prints
//!   `x - y`; `x + y * c` with `c < -1` prints `x - y * |c|`; `x * -1`
//!   prints `-x`; the negated constant wraps as MLIR's does, so
//!   `x + i64::MIN` prints `x - -9223372036854775808`;
//! - the operands of `*`, `mod`, `floordiv` and `ceildiv` bind strongly, so
//!   a compound operand is parenthesised (`(d0 + 1) * 2`); the operands of
//!   `+` bind weakly;
//! - a map prints `(d0, d1)[s0] -> (results)`, without `[]` when it has no
//!   symbols; a set prints `(d0)[s0] : (e >= 0, f == 0)`.

use core::fmt::{self, Display, Formatter};

use strata_sync::policy::Policy;

use crate::handle::{AffineExpr, AffineMap, IntegerSet};
use crate::node::{BinOp, ExprNode, NodeKind};

/// How tightly the enclosing context binds the expression being printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    /// A top-level expression or an operand of `+`: no parentheses.
    Weak,
    /// An operand of `*`, `mod`, `floordiv`, `ceildiv`: a binary expression
    /// is parenthesised.
    Strong,
}

/// Writes `node` as MLIR does, in a context of the given binding strength.
fn write_expr<P: Policy>(
    f: &mut Formatter<'_>,
    node: &ExprNode<P>,
    enclosing: Binding,
) -> fmt::Result {
    let (op, lhs, rhs) = match &node.kind {
        NodeKind::Dim(i) => return write!(f, "d{i}"),
        NodeKind::Symbol(i) => return write!(f, "s{i}"),
        NodeKind::Constant(c) => return write!(f, "{c}"),
        NodeKind::Binary(op, l, r) => (*op, l.get(), r.get()),
    };
    let parens = enclosing == Binding::Strong;
    if parens {
        f.write_str("(")?;
    }
    match op {
        BinOp::Add => write_sum(f, lhs, rhs)?,
        _ => {
            if op == BinOp::Mul && matches!(rhs.kind, NodeKind::Constant(-1)) {
                // x * -1 prints as -x.
                f.write_str("-")?;
                write_expr(f, lhs, Binding::Strong)?;
            } else {
                write_expr(f, lhs, Binding::Strong)?;
                f.write_str(match op {
                    BinOp::Mul => " * ",
                    BinOp::Mod => " mod ",
                    BinOp::FloorDiv => " floordiv ",
                    BinOp::CeilDiv => " ceildiv ",
                    BinOp::Add => unreachable!("sums are printed by `write_sum`"),
                })?;
                write_expr(f, rhs, Binding::Strong)?;
            }
        }
    }
    if parens {
        f.write_str(")")?;
    }
    Ok(())
}

/// Writes `lhs + rhs`, printing additions of negated terms and of negative
/// constants as subtractions.
fn write_sum<P: Policy>(
    f: &mut Formatter<'_>,
    lhs: &ExprNode<P>,
    rhs: &ExprNode<P>,
) -> fmt::Result {
    if let NodeKind::Binary(BinOp::Mul, term, coef) = &rhs.kind
        && let NodeKind::Constant(c) = coef.get().kind
    {
        let term = term.get();
        if c == -1 {
            // x + y * -1 prints as x - y; a sum y needs parentheses.
            write_expr(f, lhs, Binding::Weak)?;
            f.write_str(" - ")?;
            let binding = if matches!(term.kind, NodeKind::Binary(BinOp::Add, ..)) {
                Binding::Strong
            } else {
                Binding::Weak
            };
            return write_expr(f, term, binding);
        }
        if c < -1 {
            // x + y * -c prints as x - y * c.
            write_expr(f, lhs, Binding::Weak)?;
            f.write_str(" - ")?;
            write_expr(f, term, Binding::Strong)?;
            return write!(f, " * {}", c.wrapping_neg());
        }
    }
    if let NodeKind::Constant(c) = rhs.kind
        && c < 0
    {
        // x + -c prints as x - c.
        write_expr(f, lhs, Binding::Weak)?;
        return write!(f, " - {}", c.wrapping_neg());
    }
    write_expr(f, lhs, Binding::Weak)?;
    f.write_str(" + ")?;
    write_expr(f, rhs, Binding::Weak)
}

/// Writes `(d0, .., d{n-1})` and, if there are symbols, `[s0, ..]`.
fn write_header(f: &mut Formatter<'_>, num_dims: u32, num_symbols: u32) -> fmt::Result {
    f.write_str("(")?;
    for i in 0..num_dims {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "d{i}")?;
    }
    f.write_str(")")?;
    if num_symbols > 0 {
        f.write_str("[")?;
        for i in 0..num_symbols {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "s{i}")?;
        }
        f.write_str("]")?;
    }
    Ok(())
}

impl<P: Policy> Display for AffineExpr<'_, P> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_expr(f, self.node(), Binding::Weak)
    }
}

impl<P: Policy> Display for AffineMap<'_, P> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_header(f, self.num_dims(), self.num_symbols())?;
        f.write_str(" -> (")?;
        for (i, e) in self.results().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            Display::fmt(e, f)?;
        }
        f.write_str(")")
    }
}

impl<P: Policy> Display for IntegerSet<'_, P> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_header(f, self.num_dims(), self.num_symbols())?;
        f.write_str(" : (")?;
        for (i, (e, &eq)) in self.constraints().iter().zip(self.eq_flags()).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e} {} 0", if eq { "==" } else { ">=" })?;
        }
        f.write_str(")")
    }
}
