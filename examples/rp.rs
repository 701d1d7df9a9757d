fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    for r in soumille::notation::read(&text) {
        let rp = soumille::replay(&r.record, &r.header, Some(&text));
        for f in &rp.flags {
            println!("{:?} {:?} {:?} {}", f.throw, f.kind, f.rule, f.message);
        }
        println!("end {:?}", rp.end);
    }
}
