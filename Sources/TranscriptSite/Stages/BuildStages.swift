/// The stages of a build, in the order the data flows.
public enum BuildStages {
    /// discover → read → transform → render → book → people → index → write → commit.
    public static var standard: [any BuildStage] {
        [DiscoverStage(), ReadStage(), TransformStage(), RenderStage(), BookStage(), PeopleStage(), IndexStage(), WriteStage(), CommitStage()]
    }
}
