//! Unit tests of the selection's words (docs/data.md §1).
use super::*;

#[test]
fn dates_and_numbers_compare() {
    assert_eq!(compare_values("7", "11"), Ordering::Less);
    assert_eq!(compare_values("1750.03.02", "1750"), Ordering::Equal);
    assert_eq!(compare_values("1750.10", "1750.9"), Ordering::Greater);
    assert_eq!(compare_values("1750.??.??", "1750.05"), Ordering::Equal);
    assert_eq!(compare_values("abc", "ABD"), Ordering::Less);
}

#[test]
fn ranges_read() {
    assert_eq!(Range::parse("3-9").unwrap(), Range { from: 3, to: 9 });
    assert_eq!(Range::parse("10-").unwrap(), Range { from: 10, to: u32::MAX });
    assert!(Range::parse("9-3").is_err());
    assert!(TagTest::parse("=x").is_err());
    assert!(TagTest::parse("Event~(").is_err());
    assert!(FlagTest::parse("ecole,per=week").is_err());
    assert!(EventTest::parse("cube>=x").is_err());
}
