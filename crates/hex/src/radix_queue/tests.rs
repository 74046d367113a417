use super::*;

#[test]
fn pops_by_key_then_by_item() {
    let mut q = RadixQueue::new(0);
    for (k, v) in [
        (5, 'b'),
        (3, 'z'),
        (5, 'a'),
        (900, 'x'),
        (3, 'y'),
        (64, 'q'),
    ] {
        q.push(k, v);
    }
    let mut out = Vec::new();
    while let Some((k, v)) = q.pop() {
        out.push((k, v));
        if k == 5 && v == 'a' {
            // Pushes at and above the current key while popping.
            q.push(5, 'c');
            q.push(6, 'd');
        }
    }
    assert_eq!(
        out,
        [
            (3, 'y'),
            (3, 'z'),
            (5, 'a'),
            (5, 'b'),
            (5, 'c'),
            (6, 'd'),
            (64, 'q'),
            (900, 'x')
        ]
    );
}

#[test]
fn matches_a_sorted_reference_on_a_monotone_run() {
    // A deterministic pseudo-random run: each push is the last popped key plus 0..300.
    let mut q = RadixQueue::new(0);
    let mut reference: Vec<(u64, u32)> = Vec::new();
    let mut seed = 0x9e37_79b9_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut last = 0;
    let mut popped = Vec::new();
    for i in 0..5_000u32 {
        for j in 0..(next() % 3) {
            let k = last + next() % 300;
            q.push(k, i * 4 + j as u32);
            reference.push((k, i * 4 + j as u32));
        }
        if let Some((k, v)) = q.pop() {
            assert!(k >= last);
            last = k;
            popped.push((k, v));
            let at = reference.iter().position(|&e| e == (k, v)).unwrap();
            let min = *reference.iter().min().unwrap();
            assert_eq!((k, v), min, "the smallest key and item come first");
            reference.swap_remove(at);
        }
    }
    while let Some(e) = q.pop() {
        let min = *reference.iter().min().unwrap();
        assert_eq!(e, min);
        reference.retain(|&x| x != e);
    }
    assert!(reference.is_empty());
    assert!(popped.len() > 1_000);
}

#[test]
fn drain_hands_back_every_item_and_empties() {
    let mut q = RadixQueue::new(0);
    for (k, v) in [(7, 'a'), (7, 'b'), (300, 'c'), (2, 'd')] {
        q.push(k, v);
    }
    assert_eq!(q.pop(), Some((2, 'd')));
    let mut items = q.drain_items();
    items.sort();
    assert_eq!(items, ['a', 'b', 'c']);
    assert_eq!(q.pop(), None);
    assert!(q.drain_items().is_empty());
}

#[test]
fn a_key_below_the_last_popped_is_queued_at_it() {
    let mut q = RadixQueue::new(0);
    q.push(10, 1);
    q.push(20, 2);
    assert_eq!(q.pop(), Some((10, 1)));
    q.push(4, 3);
    assert_eq!(q.pop(), Some((10, 3)));
    assert_eq!(q.pop(), Some((20, 2)));
    assert_eq!(q.pop(), None);
}
