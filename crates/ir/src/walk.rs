//! The walker: one iterative traversal of operations, pre- or post-order,
//! that every consumer uses (printer, verifier, passes).
//!
//! It keeps one frame per operation being entered on an explicit stack, so
//! nesting depth costs heap, not call stack. It descends into the child
//! bodies of isolated operations that are home (a checked-out child is
//! passed over: its owner is working on it).

use crate::body::Body;
use crate::id::{BlockId, OpId, RegionId};

/// When the callback sees an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    /// Before the operations nested in it.
    PreOrder,
    /// After the operations nested in it.
    PostOrder,
}

/// What the walk does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkResult {
    /// Go on.
    Advance,
    /// Do not enter this operation's regions (pre-order only; in post-order
    /// it is [`Advance`](Self::Advance)).
    Skip,
    /// Stop the walk.
    Interrupt,
}

struct Frame<'b, 'c> {
    /// The operation whose regions these are (`None` for a body's roots).
    op: Option<(&'b Body<'c>, OpId)>,
    /// The body the regions are in.
    body: &'b Body<'c>,
    regions: &'b [RegionId],
    next_region: usize,
    block: Option<BlockId>,
    next_op: Option<OpId>,
}

/// Walks `op` and everything nested in it, `body` being the body `op` is
/// in. Returns [`WalkResult::Interrupt`] if the callback interrupted it.
pub fn walk_op<'b, 'c>(
    body: &'b Body<'c>,
    op: OpId,
    order: WalkOrder,
    mut f: impl FnMut(&'b Body<'c>, OpId) -> WalkResult,
) -> WalkResult {
    let mut stack = Vec::new();
    if enter(body, op, order, &mut f, &mut stack) == WalkResult::Interrupt {
        return WalkResult::Interrupt;
    }
    run(order, &mut f, &mut stack)
}

/// Walks every operation of `body`'s roots (the regions of the isolated
/// operation that owns it) and what is nested in them.
pub fn walk_body<'b, 'c>(
    body: &'b Body<'c>,
    order: WalkOrder,
    mut f: impl FnMut(&'b Body<'c>, OpId) -> WalkResult,
) -> WalkResult {
    let mut stack = vec![Frame {
        op: None,
        body,
        regions: body.roots(),
        next_region: 0,
        block: None,
        next_op: None,
    }];
    run(order, &mut f, &mut stack)
}

/// Walks the operations of `region` of `body` and what is nested in them.
///
/// # Panics
///
/// If `region` is not a live root or region of an operation of `body`.
pub fn walk_region<'b, 'c>(
    body: &'b Body<'c>,
    region: RegionId,
    order: WalkOrder,
    mut f: impl FnMut(&'b Body<'c>, OpId) -> WalkResult,
) -> WalkResult {
    let mut stack = vec![Frame {
        op: None,
        body,
        regions: core::slice::from_ref(region_ref(body, region)),
        next_region: 0,
        block: None,
        next_op: None,
    }];
    run(order, &mut f, &mut stack)
}

/// `region` as a reference into `body` (the roots or its operation's
/// region list holds it), for a one-region frame.
fn region_ref<'b>(body: &'b Body<'_>, region: RegionId) -> &'b RegionId {
    if let Some(r) = body.roots().iter().find(|&&r| r == region) {
        return r;
    }
    let op = body
        .region_op(region)
        .expect("a root or a region of an operation of this body");
    body.op_data(op)
        .regions
        .iter()
        .find(|&&r| r == region)
        .expect("an operation lists its regions")
}

fn enter<'b, 'c>(
    body: &'b Body<'c>,
    op: OpId,
    order: WalkOrder,
    f: &mut impl FnMut(&'b Body<'c>, OpId) -> WalkResult,
    stack: &mut Vec<Frame<'b, 'c>>,
) -> WalkResult {
    if order == WalkOrder::PreOrder {
        match f(body, op) {
            WalkResult::Advance => {}
            WalkResult::Skip => return WalkResult::Skip,
            WalkResult::Interrupt => return WalkResult::Interrupt,
        }
    }
    let data = body.op_data(op);
    let (inner, regions): (&'b Body<'c>, &'b [RegionId]) = match data.owner {
        None => (body, &data.regions),
        Some(owner) => match body.child(owner) {
            Some(child) => (child, child.roots()),
            None => (body, &[]),
        },
    };
    stack.push(Frame {
        op: Some((body, op)),
        body: inner,
        regions,
        next_region: 0,
        block: None,
        next_op: None,
    });
    WalkResult::Advance
}

fn run<'b, 'c>(
    order: WalkOrder,
    f: &mut impl FnMut(&'b Body<'c>, OpId) -> WalkResult,
    stack: &mut Vec<Frame<'b, 'c>>,
) -> WalkResult {
    while let Some(top) = stack.last_mut() {
        if let Some(op) = top.next_op {
            let body = top.body;
            top.next_op = body.next_op(op);
            if enter(body, op, order, f, stack) == WalkResult::Interrupt {
                return WalkResult::Interrupt;
            }
            continue;
        }
        let next_block = match top.block {
            Some(b) => top.body.next_block(b),
            None => None,
        };
        let next_block = next_block.or_else(|| {
            while top.next_region < top.regions.len() {
                let r = top.regions[top.next_region];
                top.next_region += 1;
                if let Some(b) = top.body.entry_block(r) {
                    return Some(b);
                }
            }
            None
        });
        match next_block {
            Some(b) => {
                top.block = Some(b);
                top.next_op = top.body.first_op(b);
            }
            None => {
                let done = stack.pop().expect("the top frame");
                if order == WalkOrder::PostOrder
                    && let Some((body, op)) = done.op
                    && f(body, op) == WalkResult::Interrupt
                {
                    return WalkResult::Interrupt;
                }
            }
        }
    }
    WalkResult::Advance
}
