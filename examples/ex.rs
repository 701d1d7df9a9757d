fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pos = soumille::parse_position_string(&a[1]).unwrap();
    let d = soumille::parse_dice(&a[2]).unwrap();
    let e = soumille::explain(&pos, d, Default::default());
    for p in e.plays {
        println!("{:10} {}", p.notation, p.result);
    }
}
