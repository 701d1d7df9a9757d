//! The words every game's words share (`src/games/NAME/words.rs`): an amount with its noun,
//! a list of plays cut after three. Rules never format text; each game's words write its
//! facts' messages from these (docs/design.md).

/// `1 point`, `n points`: a distance or an amount with its noun.
pub fn points(n: impl Into<i64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// `X, Y, Z or N more`: the first three of `plays` (their notation), and how many more.
pub fn first_three(plays: impl ExactSizeIterator<Item = String>) -> String {
    let n = plays.len();
    let mut s = plays.take(3).collect::<Vec<_>>().join(", ");
    if n > 3 {
        s.push_str(&format!(" or {} more", n - 3));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_point_is_singular() {
        assert_eq!(points(1u8), "1 point");
        assert_eq!(points(0u8), "0 points");
        assert_eq!(points(6u8), "6 points");
    }

    #[test]
    fn three_plays_are_named_and_the_rest_counted() {
        let v = |n: usize| (0..n).map(|i| i.to_string()).collect::<Vec<_>>().into_iter();
        assert_eq!(first_three(v(2)), "0, 1");
        assert_eq!(first_three(v(5)), "0, 1, 2 or 2 more");
    }
}
