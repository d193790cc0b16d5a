//! The generic form's value numbering (MLIR's `SSANameState` with unique
//! ids), sequential and per top-level operation on rayon.

use super::*;

/// The numbers of a run of consecutive bodies (see [`Bodies`]), at their
/// places in the tables less `at`: each value's, with [`ARG`] for `%argN`
/// (each result has its operation's, with [`MULTI`] where it has several),
/// and each block's in its region.
pub(super) struct Numbers<'a> {
    pub(super) names: &'a mut [u32],
    pub(super) block_ids: &'a mut [u32],
    pub(super) at: (usize, usize),
}

/// Numbers `regions` of body `b` and everything inside them (only them
/// where not `deep`) from `next` (values, arguments), as [`Printer::number`]
/// does: from a stack of regions, per region its blocks in the region, its
/// entry block's arguments `%argN`, the other blocks' arguments and its
/// operations' results `%N`, then its operations' regions pushed in order.
pub(super) fn number_regions(
    bodies: &Bodies<'_, '_>,
    b: u32,
    regions: &[RegionId],
    t: &mut Numbers<'_>,
    next: &mut (u32, u32),
    deep: bool,
) {
    let mut stack: Vec<(u32, RegionId)> = regions.iter().map(|&r| (b, r)).collect();
    while let Some((b, r)) = stack.pop() {
        let body = bodies.list[b as usize];
        let names = &mut t.names[bodies.values[b as usize] - t.at.0..];
        let block_ids = &mut t.block_ids[bodies.blocks[b as usize] - t.at.1..];
        for (bi, block) in body.blocks(r).enumerate() {
            block_ids[block.index()] = bi as u32;
            for &arg in body.block_args(block) {
                let n = if bi == 0 { &mut next.1 } else { &mut next.0 };
                names[arg.index()] = *n | if bi == 0 { ARG } else { 0 };
                *n += 1;
            }
            for op in body.block_ops(block) {
                let results = body.op(op).results();
                if !results.is_empty() {
                    // One number per operation: `%N` or `%N:k`.
                    let n = next.0 | if results.len() > 1 { MULTI } else { 0 };
                    for &v in results {
                        names[v.index()] = n;
                    }
                    next.0 += 1;
                }
                if deep {
                    let (k, regions) = bodies.regions(b, op);
                    stack.extend(regions.iter().map(|&r| (k, r)));
                }
            }
        }
    }
}

/// The `len` entries of `table` after its first `skip`, cut off from it
/// with those before them.
pub(super) fn cut<'a>(table: &mut &'a mut [u32], skip: usize, len: usize) -> &'a mut [u32] {
    let (_, rest) = core::mem::take(table).split_at_mut(skip);
    let (own, rest) = rest.split_at_mut(len);
    *table = rest;
    own
}

impl Printer<'_, '_> {
    /// Numbers the values (`%N`, `%argN`) and the blocks in MLIR's order: a
    /// region's blocks, arguments and results first, then the regions of
    /// its operations from the last (a stack), so each operation of the
    /// root's body is numbered whole, from the last to the first, through
    /// isolated operations too (the generic form's numbers are unique).
    pub(super) fn number(&mut self) {
        if let Some(forms) = self.forms {
            if !(self.parallel && custom::number_parallel(self, forms)) {
                custom::number(self, forms);
            }
            return;
        }
        if self.parallel && self.number_parallel() {
            return;
        }
        let (b, regions) = self.bodies.regions(0, self.module.root);
        let mut t = Numbers {
            names: self.names.to_mut(),
            block_ids: self.block_ids.to_mut(),
            at: (0, 0),
        };
        number_regions(self.bodies, b, regions, &mut t, &mut (0, 0), true);
    }

    /// [`Printer::number`] with the operations of the root's body numbered
    /// on rayon, when the root has one region and each operation of its body
    /// that has regions is isolated: each one's bodies (consecutive in
    /// [`Bodies`]) are numbered from zero, then shifted by what the
    /// operations after it use (numbered before it). `false`, with the
    /// tables untouched, when the module is not of that shape.
    fn number_parallel(&mut self) -> bool {
        use rayon::prelude::*;
        let bodies = self.bodies;
        let (rb, roots) = bodies.regions(0, self.module.root);
        let &[region] = roots else {
            return false;
        };
        let body = bodies.list[rb as usize];
        // The child body of each operation of the root's body that has
        // regions, with its place among them. A region of the root's body
        // itself would put values in its table after the root region's.
        let mut tops: Vec<(usize, usize)> = Vec::new();
        for block in body.blocks(region) {
            for op in body.block_ops(block) {
                match bodies.regions(rb, op) {
                    (_, []) => {}
                    (k, _) if k == rb => return false,
                    (k, _) => tops.push((k as usize, tops.len())),
                }
            }
        }
        let mut all = Numbers {
            names: self.names.to_mut(),
            block_ids: self.block_ids.to_mut(),
            at: (0, 0),
        };
        // The root's region, as the sequential numbering does it first.
        let mut next = (0u32, 0u32);
        number_regions(bodies, rb, roots, &mut all, &mut next, false);
        // Each operation's bodies, a run of the tables of its own, with its
        // place and what its numbering uses: in body order, those from its
        // body to the next one's (a child of the root's body that no
        // operation here owns holds nothing to number).
        tops.sort_unstable();
        let mut runs = Vec::with_capacity(tops.len());
        let (mut names, mut block_ids, mut at) = (all.names, all.block_ids, (0, 0));
        for (n, &(k, i)) in tops.iter().enumerate() {
            let end = tops.get(n + 1).map_or(bodies.list.len(), |t| t.0);
            let from = (bodies.values[k], bodies.blocks[k]);
            let to = (bodies.values[end], bodies.blocks[end]);
            let own = Numbers {
                names: cut(&mut names, from.0 - at.0, to.0 - from.0),
                block_ids: cut(&mut block_ids, from.1 - at.1, to.1 - from.1),
                at: from,
            };
            runs.push((i, k, own, (0u32, 0u32)));
            at = to;
        }
        runs.par_iter_mut().for_each(|(_, k, own, used)| {
            number_regions(bodies, *k as u32, bodies.roots[*k], own, used, true);
        });
        // Each operation's shift: what the operations after it use.
        runs.sort_unstable_by_key(|r| r.0);
        for (_, _, _, used) in runs.iter_mut().rev() {
            let n = core::mem::replace(used, next);
            next = (next.0 + n.0, next.1 + n.1);
        }
        runs.par_iter_mut().for_each(|(_, _, own, (values, args))| {
            for n in own.names.iter_mut().filter(|n| **n != NONE) {
                // The flags are above every number: the shift leaves them.
                *n += if *n & ARG != 0 { *args } else { *values };
            }
        });
        true
    }
}
