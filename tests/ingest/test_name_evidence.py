"""What a bare abstract must say of a token before papers names the paper after it.

Each abstract below is written for the test after one a held-out list (other venues and
years than the development lists) named wrongly: a tool, a field's concept or prior work
taken for the paper's own method. Beside each, the same shape where the name is the
authors' own, which must keep its name.
"""

from __future__ import annotations

import pytest

from index.ingest import names
from index.ingest import titles as T
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


def name_of(abstract: str) -> str | None:
    return derive_name_and_title(abstract, render(abstract))[0]


def cued_names(text: str) -> list[str]:
    """The names a cue verb or kind introduces in `text` (strength 3)."""
    return [c.name for c in T._cue_candidates(text, T._sentences(text), render(text),
                                              T._definitions(text)) if c.strength == 3]


def introduced(abstract: str, name: str) -> bool:
    """A cue introduces `name` and it names the abstract."""
    return name in cued_names(abstract) and name_of(abstract) == name


def refused(abstract: str, name: str) -> bool:
    """No cue introduces `name` and the abstract is not named by it."""
    return name not in cued_names(abstract) and name_of(abstract) != name


def test_a_name_said_once_and_introduced_by_nothing_is_no_name():
    """"We also provide the MATLAB code for further research" (held-out COLT 2019) and
    "a multi-sensor fusion SLAM" (RSS 2016) named their papers: said once, no cue, no
    claim. Said once as the subject of a claim, or as the authors' new method, it is."""
    tool = ("We develop a simple and efficient algorithm for approximating the John "
            "Ellipsoid of a symmetric polytope. Our algorithm is near optimal in the sense "
            "that our time complexity matches the current best verification algorithm. "
            "Experiments suggest that our algorithm significantly outperforms existing "
            "algorithms. We also provide the OCTAVE code for further research.")
    assert name_of(tool) is None
    claim = ("We develop a simple and efficient algorithm for approximating the John "
             "Ellipsoid of a symmetric polytope. Our algorithm is near optimal in the "
             "sense that our time complexity matches the current best verification "
             "algorithm. In experiments, EllipFast outperforms existing algorithms by "
             "an order of magnitude.")
    assert name_of(claim) == "EllipFast"
    new = ("Imitation from observation is hard when the learner cannot see the expert's "
           "actions. We study moment matching in this setting and show when it closes the "
           "gap. The proposed AdvRIL algorithm matches the expert in all our tasks.")
    assert name_of(new) == "AdvRIL"


def test_a_state_of_the_art_method_is_prior_work():
    """"the effectiveness of our planning module when paired with the state-of-the-art
    DD-PPO method" (held-out ICRA 2022): a method the paper pairs its own with, not its
    own; "state-of-the-art", "off-the-shelf" and "pre-trained" say so as "existing" does."""
    for word in ("state-of-the-art", "off-the-shelf", "pre-trained"):
        abstract = ("We consider exploration and point-goal navigation in unseen indoor "
                    "environments. We present a novel planning framework that learns to "
                    "generate occupancy maps beyond the field of view of the agent. We "
                    "demonstrate the effectiveness of our planning module when paired with "
                    f"the {word} ZD-PPO method for the navigation task.")
        assert name_of(abstract) is None, word


def test_an_acronym_spelled_out_as_a_concepts_proper_noun_is_no_name():
    """"SVRG and SARAH schemes equipped with Barzilai-Borwein (BB) step sizes" (ICML 2020)
    and "impossible below the Kesten-Stigum (KS) threshold" (held-out COLT 2023) named
    their papers Barzilai-Borwein and Kesten-Stigum: people's names qualifying a noun, as
    "Katz centrality" does, and the acronym is that concept's. Spelled out as the
    authors' own method's name, it is a name."""
    steps = ("The variance reduction class of algorithms including the representative "
             "ones, SVRG and SARAH, have well documented merits for empirical risk "
             "minimization problems. However, they require grid search to tune parameters. "
             "This work introduces almost tune-free SVRG and SARAH schemes equipped with "
             "i) Barzilai-Borwin (BW) step sizes; ii) averaging; and, iii) the inner loop "
             "length adjusted to the BW step sizes. In particular, SVRG, SARAH, and their "
             "BW variants are first reexamined through an estimate sequence lens. Then a "
             "simple means to adjust the number of iterations per inner loop is developed "
             "to enhance the merits of the proposed averaging schemes and BW step sizes.")
    assert name_of(steps) is None
    own = ("We introduce Barzilai-Borwin Policy Optimization (BWPO), a method that adapts "
           "its step size to the curvature of the return. BWPO outperforms PPO on all "
           "continuous-control tasks we tried.")
    assert name_of(own) == "BWPO"


def test_a_term_so_called_names_nothing():
    """"deciding when to stop deliberation under bounded computational capacity, so called
    meta-reasoning" (held-out IROS 2021) named its paper meta-reasoning: "so called" is
    "so-called", a term of the field; "called X" alone still names."""
    term = ("Anytime motion planners are widely used in robotics. In this paper, we address "
            "the problem of deciding when to stop deliberation under bounded computational "
            "capacity, so called meta-planning, for anytime motion planning. We propose "
            "data-driven learning methods, model-based and model-free meta-planning, that "
            "are agnostic to the choice of anytime motion planners.")
    assert name_of(term) is None
    named = term.replace("so called meta-planning", "in a framework called quitnet")
    assert name_of(named) == "quitnet"


def test_a_gerund_before_a_kind_is_no_claim():
    """"utilizes the power of the sequence-to-sequence (Seq2Seq) learning method to predict"
    (held-out IROS 2021): "X learning method" is a compound noun, not "X learns"; the
    paper was named after the prior method it uses."""
    abstract = ("Optimization-based motion planners depend on their initial trajectory. This "
                "paper presents a neural network-based initial trajectory predictor, which "
                "utilizes the power of the sequence-to-sequence (Sq2Sq) learning method to "
                "predict a good initial trajectory for an optimization-based motion planner "
                "even in an unseen environment. The proposed model learns the mapping between "
                "tasks and optimal trajectories from a database.")
    assert name_of(abstract) is None


def test_a_compound_adjective_written_with_a_space_names_nothing():
    """"a new optimization-theoretic approach to analyzing Follow-the-Leader style
    algorithms" (held-out COLT 2014): "X style" qualifies as "X-style" does; "called X
    based on …" is a participle's phrase, and X a name."""
    style = ("We present a new optimization-theoretic approach to analyzing "
             "Lead-the-Follower style algorithms, particularly where perturbations are used "
             "as a tool for regularization. We show that adding a strongly convex penalty "
             "and adding stochastic perturbations correspond to smoothing operations.")
    assert name_of(style) is None
    based = ("Predicting molecular conformations is a fundamental problem in chemistry. We "
             "propose an end-to-end solution for molecular conformation prediction called "
             "ConfGen based on the conditional variational autoencoder. ConfGen outperforms "
             "previous methods by a large margin.")
    assert name_of(based) == "ConfGen"
    # (past an abbreviation's parenthesis: held-out ICRA 2021's "visual odometry (VO)
    # based camera motion estimation" named its paper VO)
    spelled = ("Colonoscopy needs the colon's surface rebuilt in 3D. The proposed framework "
               "includes dense depth estimation from monocular images using a deep neural "
               "network, visual tracking (VT) based camera motion estimation and a "
               "deformation graph for non-rigid registration to a preoperative model.")
    assert name_of(spelled) is None


def test_what_the_authors_kind_uses_is_not_its_name():
    """"The proposed framework uses the Alternating Direction Method of Multipliers (ADMM)
    to solve …" (held-out IROS 2022), "The proposed method extends Task-Space
    Rapidly-exploring Random Trees (TS-RRT)" (ICRA 2020): the long form after a verb of
    the authors' kind is what it uses or extends. "Key to our approach is an error-aware
    policy (EAP)" says what the approach is."""
    uses = ("This paper considers the problem of designing legged robots for uneven terrain. "
            "The proposed framework uses the Alternating Direction Method of Splitters (ADMS) "
            "to solve large-scale co-design problems. The ADMS coordinates the solution of "
            "small sub-problems and enforces constraints to reach a consensus on the design. "
            "The ADMS framework, by contrast, shows tractability with 30 terrain types.")
    assert name_of(uses) is None
    extends = ("Motion planning is important in many applications. We propose a novel "
               "framework which combines a sampling-based planner and deep learning. The "
               "proposed method extends Joint-Space Rapidly-exploring Random Forests "
               "(JS-RRF) to guide the trees with a heuristic map.")
    assert name_of(extends) is None
    is_ = ("Simulation provides a safe way to generate training data. We introduce a novel "
           "approach to tackle such a sim-to-real problem. Key to our approach is an "
           "error-aware controller (EAC) that is made aware of unobservable factors. An EAC "
           "takes as input the predicted future state error in the target environment.")
    assert name_of(is_) == "EAC"


def test_a_named_title_says_what_the_name_was_given_to():
    """"we collect a comprehensive Virtual AeriaL Image Dataset named VALID" (held-out ICRA
    2020) was titled "The characteristics of VALID", from a later sentence: the phrase
    the naming word follows is what the name is, from its nearest determiner."""
    abstract = ("Aerial imagery plays an important role in land-use planning. In this work, "
                "we implement a simulator that acquires diverse ground truth. Based on that, "
                "we collect a comprehensive Virtual Urban Image Dataset named VUID, "
                "consisting of 6690 high-resolution images. We analyze the characteristics "
                "of VUID and evaluate state-of-the-art methods on it.")
    title = derive_name_and_title(abstract, render(abstract))[1]
    assert title == "VUID: A comprehensive Virtual Urban Image Dataset"
    nearest = ("Identification is hard without instruments. We connect to the existing "
               "literature in econometrics and provide a practical test called HSIC-Z for "
               "exploiting independence. HSIC-Z outperforms two-stage least squares.")
    assert derive_name_and_title(nearest, render(nearest))[1].startswith("HSIC-Z: ")
    assert "literature" not in derive_name_and_title(nearest, render(nearest))[1]


def test_as_in_a_comparison_or_example_names_nothing():
    """"expanding the trajectory parametrization space to 3D and velocity as opposed to
    just XY movements" (held-out ICRA 2023) named the paper XY: "as" was read as a naming
    word ("known as X") four words back. It names only right before the name or after
    "referred to", "known"; "as opposed to just", "such as", "as well as" do not."""
    compared = ("Natural language is an intuitive way to tell a robot what to do. This "
                "work instead proposes a flexible language-based framework that allows a "
                "user to modify generic robotic trajectories. Our method leverages "
                "pre-trained language models to encode the user's intent from a free-form "
                "text input. We significantly extend our own previous work presented in "
                "[1] by expanding the trajectory parametrization space to 3D and velocity "
                "as opposed to just XZ movements. Our real-life experiments on aerial and "
                "legged robots demonstrate that the framework follows the user's "
                "instructions.")
    assert name_of(compared) is None
    known = ("Language is an intuitive way to tell a robot what to do. This work proposes "
             "a flexible language-based framework, referred to as Language Trajectory "
             "Editor (LTE), that lets a user modify generic robot trajectories. We "
             "evaluate LTE on aerial and legged robots.")
    assert name_of(known) == "LTE"


def test_a_participle_after_a_name_is_no_claim_of_it():
    """"experiments involving an unmanned ground vehicle (UGV) performing go-to-goal
    tasks" (held-out IROS 2020) named its paper UGV: "performing" was read as the claim
    "UGV performs". A participle is its clause's, as in "random K-SAT, learning DNF
    formulas is hard" (held-out COLT 2016); a finite verb after a name is a claim ("AWP
    performs go-to-goal navigation")."""
    participle = ("A robot sharing space with people needs to predict where they will go. In "
                  "this paper, we build an intention-aware proactive motion planning strategy "
                  "for mobile robots that coexist with several humans. We propose a framework "
                  "that uses a hidden Markov model with a history of observations to predict "
                  "future states and to update the predictive model at run-time. The proposed "
                  "approach is validated with simulations and experiments involving an "
                  "autonomous wheeled platform (AWP) performing go-to-goal navigation in a "
                  "crowded hall.")
    assert name_of(participle) is None
    claim = participle.replace("(AWP) performing", "(AWP). AWP performs")
    assert name_of(claim) == "AWP"


def test_a_name_set_off_as_new_is_ours_after_a_word_of_use():
    """"We generate this representation using Content2Vec, a new deep architecture that
    merges ..." (held-out ICLR 2017) named nothing: "using" before a name says another's
    tool, but the appositive after it says the name is new, the authors' own. Without
    the appositive, a tool used is still no name."""
    new = ("We propose a joint representation of product images and text for "
           "recommendation. We learn this representation using Pix2Words, a new deep "
           "architecture that merges image and text content, and we study its behaviour "
           "on cold-start recommendation.")
    assert name_of(new) == "Pix2Words"
    used = ("We propose a joint representation of product images and text for "
            "recommendation. We learn this representation using Pix2Words and a linear "
            "model that merges image and text content, and we study its behaviour on "
            "cold-start recommendation.")
    assert name_of(used) is None


def test_a_naming_word_that_gives_a_longer_phrase_names_no_word_of_it():
    """"a low-complexity space called spectral Barron space" (held-out COLT 2021) marked
    Barron as named: the naming gives the phrase, whose word is a person's. So does
    "which we call the minimax SVM" (held-out NeurIPS 2016) for SVM. A kind word or a
    pronoun between is no part of a phrase: "a space called KolmarNet", "we call the
    method KolmarNet" name KolmarNet."""
    from index.ingest.names import FEATURES
    from index.ingest.titles import name_features

    naming, ours = FEATURES.index("after_naming"), FEATURES.index("named_by_us")

    def marks(abstract: str, name: str) -> tuple[float, float]:
        vector = name_features(abstract, render(abstract))[name]
        return vector[naming], vector[ours]

    phrase = ("We bound the error of a deep solver for elliptic equations: the rates do "
              "not depend on the dimension when the solutions lie in a low-complexity space "
              "called spectral Kolmar space. We give conditions on the forcing term that "
              "make the solutions spectral Kolmar functions. We achieve this by a new "
              "solution theory on the spectral Kolmar space.")
    assert marks(phrase, "Kolmar") == (0.0, 0.0)
    assert marks("We derive a classifier which we call the minimax SVM. The minimax SVM is "
                 "robust and beats the SVM.", "SVM") == (0.0, 0.0)
    assert marks(phrase.replace("spectral Kolmar space", "KolmarNet"), "KolmarNet")[0] == 1.0
    assert marks("We derive a classifier which we call the method KolmarNet. KolmarNet is "
                 "robust and beats the SVM.", "KolmarNet") == (1.0, 1.0)


def test_a_name_that_produces_results_is_the_subject_of_a_claim():
    """"we show that DPSA produces solutions of significantly better quality" (IJCAI 2020)
    and "LMPC also produces strong meta-learners" (RSS 2024): "produces" claims a result,
    as "yields" does, for the name before it."""
    abstract = ("Constraint optimization problems with functional costs are hard to solve "
                "well. Existing solvers depend on a temperature parameter chosen by hand. "
                "We then propose a novel algorithm - Parallel Tempered Search (PTS), where "
                "agents cooperatively learn the parameter. Finally, we show that PTS "
                "produces solutions of significantly better quality than earlier solvers.")
    from index.ingest.names import FEATURES
    from index.ingest.titles import name_features

    claim = FEATURES.index("claim_subject")
    assert name_features(abstract, render(abstract))["PTS"][claim] > 0.0
    assert name_of(abstract) == "PTS"
    # (a noun after it is no claim: "the PTS production line")
    noun = abstract.replace("PTS produces solutions", "the PTS production line gives solutions")
    assert name_features(noun, render(noun))["PTS"][claim] == 0.0


def test_what_a_method_is_pitted_against_or_extends_is_prior_work():
    """"a two-stage attack method against LinUCB" (ICML 2022), "a >97% win rate against
    KataGo" (ICML 2023), "We extend PILCO with filtering" (held-out NeurIPS 2017): what the
    contribution attacks, beats or extends is another's, as what it is compared "with" is."""
    from index.ingest.names import FEATURES
    from index.ingest.titles import name_features

    prior = FEATURES.index("prior_context")
    for before in ("a two-stage attack method against", "a method that extends",
                   "a method that outperforms"):
        abstract = ("We study adversarial attacks on linear bandits. We ask when a bandit "
                    f"is attackable, and we then propose {before} ZorbUCB and Robust Phase "
                    "Elimination. Experiments on synthetic data confirm the theory.")
        vector = name_features(abstract, render(abstract))["ZorbUCB"]
        assert vector[prior] == 1.0, before


def test_an_acronym_said_only_before_a_noun_is_a_modifier_not_a_name():
    """"a spiking neural network (SNN) based PID controller … a fully neuromorphic PID
    controller" (RSS 2020) named the paper PID: an acronym said only before a lowercase
    noun qualifies it ("PID controller", "SPH simulations"), as "Katz centrality" does; a
    method's acronym stands alone somewhere ("ZQX beats …")."""
    abstract = ("In this work, we present a spiking network based ZQX controller on a "
                "neuromorphic chip. On-chip spiking networks are a promising tool for the "
                "control of small drones. Towards this goal, we present here the first "
                "implementation of a fully neuromorphic ZQX controller, and we tune the ZQX "
                "loop on the chip.")
    assert name_of(abstract) is None
    alone = abstract.replace("and we tune the ZQX loop on the chip.",
                             "and ZQX tracks the set point as well as a digital one.")
    assert name_of(alone) == "ZQX"


def test_a_claim_after_a_parenthesis_that_spells_the_name_out_is_the_names():
    """"The proposed HetConv (Heterogeneous Kernel-Based Convolution) reduces the
    computation" (held-out CVPR 2019): the verb after the spelled-out form claims for the
    name before it, as "HetConv reduces" would."""
    from index.ingest.names import FEATURES
    from index.ingest.titles import name_features

    claim = FEATURES.index("claim_subject")
    abstract = ("We present a new deep architecture whose convolution mixes kernel sizes. The "
                "proposed ZorbConv (Zigzag Orbit Convolution) reduces the computation and "
                "the parameters of standard convolution, and our ZorbConv filters keep the "
                "accuracy of VGG and ResNet.")
    assert name_features(abstract, render(abstract))["ZorbConv"][claim] > 0.0
    plain = abstract.replace("(Zigzag Orbit Convolution) reduces", "(Zigzag Orbit "
                             "Convolution) is in every layer; it reduces")
    assert name_features(plain, render(plain))["ZorbConv"][claim] == 0.0


def test_a_name_between_our_and_a_kind_word_is_the_authors_own():
    """"As a result, our Naive-Student model, trained with such simple yet effective
    iterative semi-supervised learning, attains …" (held-out ECCV 2020), said once and
    introduced by no verb: "our" before it and a kind word after it make it the authors'
    own thing, as "our model, X" does. Several of a known kind ("our LSTM models") or a
    name after "our" with no kind ("our Adam runs") are not."""
    head = ("Supervised learning in large discriminative models needs many labels. We "
            "instead predict pseudo-labels for unlabeled video frames and retrain on them. "
            "The procedure is iterated several times. As a result, our ")
    tail = (", trained with this simple iterative scheme, attains state-of-the-art "
            "results on the urban scene benchmarks.")
    assert name_of(head + "Zorb-Student model" + tail) == "Zorb-Student"
    assert name_of(head + "LSTM models" + tail) is None
    assert name_of(head + "Zorb-Student runs" + tail) is None


def test_a_name_spelled_out_and_cited_is_prior_work():
    """"a semiparametric principal component analysis named Copula Component Analysis
    (COCA) (Han & Liu, 2012)" (held-out ICML 2013), "the so-called deep forests (DF)
    (Zhou & Feng, 2019)": a citation right after the parenthesis that spells a name out
    says whose it is, however strong the naming word before it. Without the citation the
    same sentence names the paper."""
    def abstract(citation: str) -> str:
        return ("In this paper, we analyze the performance of a semiparametric principal "
                f"component analysis named Zorb Quill Analysis (ZQA){citation} when the data "
                "are dependent. We show that ZQA can allow weak dependence, and we provide "
                "generalization bounds for ZQA on dependent data.")
    assert name_of(abstract(" (Han & Liu, 2012)")) is None
    assert name_of(abstract(" [12]")) is None
    assert name_of(abstract("")) == "ZQA"


def test_a_task_the_authors_introduce_is_named_by_its_word():
    """"We introduce the Touchdown task and dataset, where an agent must …" (held-out
    CVPR 2019, titled "TOUCHDOWN: …"): a plain word between "introduce the" and "task"
    names the task, as "the Softstar algorithm" names an algorithm. A task the paper only
    works on is no contribution of it."""
    head = ("We study the problem of jointly reasoning about language and vision through a "
            "navigation task. ")
    tail = (", where an agent must follow navigation instructions in a street environment "
            "to a goal and then find a hidden object. The data contains 9,326 examples.")
    assert name_of(head + "We introduce the Zorbdown task and dataset" + tail) == "Zorbdown"
    assert name_of(head + "Agents fail on the Zorbdown task" + tail) is None


def test_a_long_form_after_a_gerund_names_the_task_not_the_method():
    """"We demonstrate the advantages of the proposed approach in solving the approximate
    nearest neighbor (ANN) image search problem" (held-out ICCV 2015): the cue "the
    proposed approach" is followed by what the approach does, and the acronym there is
    the task's. Set off as the approach's own name, it is the paper's."""
    head = ("Orthogonal projections are slow to compute for high-dimensional data. We "
            "propose to parameterize such matrices as Kronecker products. We demonstrate "
            "the significant advantages of the proposed approach")
    tail = (" image search problem with binary embedding. We find that orthogonality plays "
            "an important role in solving ZQN problems.")
    assert name_of(head + " in solving the zorb quill neighbour (ZQN)" + tail) is None
    assert name_of(head + ", Zorb Quill Neighbour (ZQN), on the" + tail) == "ZQN"


def test_a_long_form_in_the_predicate_of_the_named_subject_is_not_the_cues():
    """"Our algorithm BISTRO requires d calls to the empirical risk minimization (ERM)
    oracle per round" (held-out ICML 2016): "our algorithm" names BISTRO, the subject of
    "requires"; ERM, spelled out in its predicate, is what BISTRO uses, not what the cue
    introduces (it had been taken for the cue's, and BISTRO for a word said beside it)."""
    abstract = ("We present efficient algorithms for the problem of contextual bandits with "
                "i.i.d. covariates. Our algorithm ZORBQ requires d calls to the empirical "
                "risk minimization (ERM) oracle per round, where d is the number of actions. "
                "When the ERM problem is hard, we extend the approach with approximation "
                "algorithms for the ERM.")
    assert name_of(abstract) == "ZORBQ"


@pytest.mark.parametrize("relative", ["which contains", "that contains", ", which contains"])
def test_a_long_form_in_a_relative_clause_of_the_named_thing_is_not_the_cues(relative):
    # (held-out IJCAI 2023: "we propose HyperFed which contains three main modules, i.e.,
    # hyperbolic prototype Tammes initialization (HPTI), hyperbolic prototype learning
    # (HPL), and consistent aggregation (CA)", titled HyperFed: its first module had been
    # taken for what the cue introduces)
    abstract = ("Federated learning suffers from non-IID data. To address the above issues, "
                f"we propose ZorbFed {relative} three main modules, i.e., hyperbolic "
                "prototype quill initialization (HPQI), hyperbolic prototype learning (HPL), "
                "and consistent aggregation (CA). Firstly, HPQI in the server constructs "
                "fixed class prototypes. Extensive studies of four datasets prove that "
                "ZorbFed is effective.").replace(" , which", ", which")
    assert name_of(abstract) == "ZorbFed"


def test_a_verb_coordinated_past_an_i_e_is_a_cue():
    # (held-out ACL 2021: "we focus on one fundamental aspect of rationality, i.e.,
    # commonsense, and propose CARE, a novel model for commonsense-aware emotional
    # response generation", titled CARE; the "i.e." had ended the clause)
    abstract = ("Rationality and emotion are two fundamental elements of humans. In this "
                "paper, we hypothesize that combining rationality and emotion into "
                "conversational agents can improve response quality. To test the hypothesis, "
                "we focus on one fundamental aspect of rationality, i.e., commonsense, and "
                "propose ZARE, a novel model for commonsense-aware emotional response "
                "generation. Specifically, we first propose a framework to learn and "
                "construct commonsense-aware emotional latent concepts of the response. We "
                "then propose three methods to incorporate the latent concepts into response "
                "generation.")
    assert name_of(abstract) == "ZARE"


def test_a_long_form_qualifying_the_kind_a_naming_word_names_is_not_the_cues():
    # (held-out CVPR 2019: "we introduce a novel stochastic gradient descent (SGD) scheme,
    # named patient privacy preserving SGD (P3SGD), which performs …", titled P3SGD; the
    # cue had taken SGD, the kind's modifier, for what it introduces)
    # (a long form the acronym spells, as P3SGD's does)
    abstract = ("Deep networks overfit small pathological datasets and leak the private "
                "information of patients. To tackle the above two challenges, we introduce a "
                "novel stochastic gradient descent (SGD) scheme, named quiet quill quenching "
                "SGD (Q3SGD), which performs the model update of the SGD in the patient "
                "level. Moreover, we equip our Q3SGD with a strategy to control the scale of "
                "the injected noise. To validate the effectiveness of Q3SGD, we perform "
                "extensive experiments on a clinical dataset, where Q3SGD reduces the risk "
                "of overfitting.")
    assert name_of(abstract) == "Q3SGD"


@pytest.mark.parametrize(("introduced", "name"), [
    # (held-out NAACL 2024, titled TRUE-UIE)
    ("In this study, we introduce an innovative paradigm known as ZORB-UIE, wherein all "
     "tasks are aligned to learn the same goals.", "ZORB-UIE"),
    # (held-out NAACL 2022, titled TEAM)
    ("This paper proposes a novel multi-task learning-based deep learning method known as "
     "Zorbonomy Expansion with Attach and Merge (ZEAM) that performs both operations.",
     "ZEAM"),
])
def test_a_kind_a_cue_introduces_is_known_as_its_name(introduced, name):
    abstract = (f"Taxonomy expansion and information extraction are crucial tasks. "
                f"{introduced} Experiments on three datasets show strong results.")
    assert name_of(abstract) == name
    # "known as" without a cue's verb names another's: no cue
    prior = ("We apply one of them to a deterministic analogue of PSS known as Zorbessive "
             "Halving (ZH) by Karnin et al. Experiments on three datasets show strong "
             "results.")
    assert name_of(prior) is None


def test_what_the_authors_construct_new_is_introduced():
    # (held-out ECCV 2022: "Motivated by the wavelet theory, we construct a new Wavelet
    # Vision Transformer (Wave-ViT) that formulates the invertible down-sampling …",
    # titled Wave-ViT)
    abstract = ("Multi-scale Vision Transformers lose texture details when they down-sample. "
                "Motivated by the wavelet theory, we construct a new Zorblet Vision "
                "Transformer (Zorb-ViT) that formulates the invertible down-sampling with "
                "wavelet transforms. We validate the superiority of Zorb-ViT through "
                "extensive experiments.")
    assert introduced(abstract, "Zorb-ViT")
    # without "new", what the authors construct may be a part of their method: no cue
    assert "Zorb-ViT" not in cued_names(abstract.replace("construct a new", "construct a"))


def test_a_name_may_join_its_letters_with_an_ampersand():
    # (held-out ECCV 2022: "we present D&D (Learning Human Dynamics from Dynamic Camera),
    # which leverages the laws of physics … D&D introduces inertial force control (IFC)",
    # titled D&D; the token had stopped at "&", and a part was chosen)
    abstract = ("Dynamics-based methods are restricted to a static camera view. In this work, "
                "we present Z&Z (Learning Human Zorbics from Dynamic Camera), which leverages "
                "the laws of physics to reconstruct 3D human motion. Z&Z introduces inertial "
                "force control (IFC) and a probabilistic contact torque (PCT). Experiments "
                "demonstrate the effectiveness of Z&Z.")
    assert introduced(abstract, "Z&Z")


def test_a_name_after_a_naming_word_may_be_the_subject_of_what_follows():
    # (held-out WACV 2018: "A new CNN model named clcNet is then constructed using CLC
    # blocks", titled ClcNet; what a naming word names was taken only before punctuation,
    # a relative clause or a kind)
    head = ("Grouped convolution improves the efficiency of convolutional neural networks. "
            "We study channel local convolution and how to stack its kernels. ")
    assert name_of(head + "A new CNN model named zorbNet is then constructed using such "
                   "blocks, which shows higher efficiency on ImageNet.") == "zorbNet"
    # ... but not one said to exist already ("A general framework named ASSIST has recently
    # been proposed", held-out EMNLP 2022, titled MetaASSIST)
    prior = ("Existing dialogue datasets contain lots of noise in their state annotations. "
             "A general framework named ZORBA has recently been proposed to train robust "
             "dialogue state tracking (DST) models. It introduces an auxiliary model to "
             "generate pseudo labels. Notwithstanding the improvements of ZORBA on DST, "
             "tuning the weighting parameter is challenging. To overcome these limitations, "
             "we propose a meta learning-based framework MetaZORBA to adaptively learn the "
             "weighting parameter. Experimental results demonstrate that all three schemes "
             "achieve competitive performance.")
    assert name_of(prior) == "MetaZORBA"


def test_an_acronym_after_or_spells_out_the_capitalised_words_before_it():
    """"We call our approach Dynamic Recurrent Acyclic Graphical Neural Networks, or
    DRAGNN" (held-out ICLR 2017; its unit, "the Transition Based Recurrent Unit (TBRU)",
    had been taken for the name): ", or" with the words' initials defines the acronym as
    a parenthesis does. An alternative after ", or" that spells nothing, or lowercase
    words, defines nothing."""
    head = ("We present a modular framework for recurrent architectures. Our basic module "
            "is a new generic unit, the Zorb Quill Unit (ZQU). By connecting ZQUs we extend "
            "common architectures. We call our approach ")
    tail = ". We show that {} is more accurate than seq2seq with attention."
    assert name_of(head + "Dynamic Zorb Acyclic Graph Networks, or DZAGN"
                   + tail.format("DZAGN")) == "DZAGN"
    assert T._definitions("Dynamic Zorb Acyclic Graph Networks, or DZAGN, is fast.") == [
        T._Definition("DZAGN", "Dynamic Zorb Acyclic Graph Networks", 0, 45)]
    assert T._definitions("a kernel method, or GP regression") == []
    assert T._definitions("dynamic zorb acyclic graph networks, or DZAGN.") == []


def test_the_proposed_long_form_and_name_before_a_kind_word_is_a_cue():
    """"The proposed Nuclear-norm-Constrained MKL (NuC-MKL) algorithm converges faster"
    (held-out AISTATS 2016): what the authors proposed, spelled out and named before the
    kind word, is introduced there as "the proposed algorithm, X" would be."""
    head = ("Multiple Kernel Learning (MKL) methods are effective on multi-modal data. "
            "Several non-linear MKL formulations were proposed recently, but they lead to "
            "non-convex optimization. In this paper, we propose a new non-linear MKL method "
            "that leads to a convex optimization problem. ")
    tail = (" converges faster and requires fewer calls to an SVM solver than competing "
            "methods. We test our algorithm on several known benchmarks.")
    assert name_of(head + "The proposed Zorb-Quill-Constrained MKL (ZQC-MKL) algorithm"
                   + tail) == "ZQC-MKL"


def test_an_adverb_after_a_name_is_no_noun_it_modifies():
    """"GPIRT therefore provides a simple and intuitive solution to several longstanding
    problems" (held-out UAI 2020): the acronym before "therefore" was read as modifying a
    noun ("a PID controller"), so it was no candidate at all, and "therefore" kept the
    claim from being its claim."""
    abstract = ("Nonparametric IRT (NIRT) models relax the assumptions of item response "
                "theory. We propose a Bayesian nonparametric model that places Gaussian "
                "process priors on the latent functions. This in turn allows us to extend "
                "the model to active learning. ZQIRT {} provides a simple and intuitive "
                "solution to several longstanding problems in the IRT literature.")
    assert name_of(abstract.format("therefore")) == "ZQIRT"
    assert name_of(abstract.format("significantly")) == "ZQIRT"


def test_a_name_set_off_after_a_kind_of_prior_work_is_that_work():
    """"In this paper we modify a popular and well studied method, RankCentrality for rank
    aggregation …" (held-out UAI 2020): the kind an adjective of prior work qualifies
    ("popular") names existing work in its appositive, and "well studied" is such an
    adjective, not the authors' "we study". The authors' own new method, set off the
    same way, keeps its name."""
    def abstract(kind: str) -> str:
        return ("Given pairwise preferences of items, a common task is to rank all the "
                f"items. In this paper we modify {kind}, ZorbRank for rank aggregation to "
                "account for few comparisons. This method returns meaningful rankings even "
                "under scarce comparisons. We also provide improved sample complexity for "
                "ZorbRank in a variety of sampling schemes.")
    assert name_of(abstract("a popular and well studied method")) is None
    assert name_of(abstract("a new and carefully designed method")) == "ZorbRank"


def test_a_word_made_of_the_phrase_letters_is_its_name():
    """"we introduce a quantization adapter (Quadapter), a small set of parameters"
    (held-out EMNLP 2022): a capitalised word in parentheses whose letters, in order, are
    the phrase's, across two words at least, names the phrase as an acronym would
    (Schwartz–Hearst's rule, which asks no capitals). A word that spells nothing of the
    phrase ("a class of matrices (Monarch)") or is one of its words defines nothing."""
    assert T._definitions("we introduce a quantization adapter (Quadapter), a small set") \
        == [T._Definition("Quadapter", "quantization adapter", 15, 47)]
    assert T._definitions("a new class of matrices (Monarch) that") == []
    assert T._definitions("a simple adapter (Adapter) for") == []
    abstract = ("Quantization of large language models overfits the fine-tuning data. To this "
                "end, we introduce a zorbization adapter (Zoradapter), a small set of "
                "parameters that are learned to make activations quantization-friendly. "
                "Zoradapter keeps the model's accuracy at 8 bits.")
    assert name_of(abstract) == "Zoradapter"


def test_a_lowercase_long_form_a_method_is_for_names_the_task():
    """"This paper proposes the first GAN inversion-based method for multi-class
    sketch-based image generation (MC-SBIG)" (held-out WACV 2023, titled SketchInverter):
    what a method is for, spelled out in lowercase, is the task the authors name, not
    their method. A long form that says how ("… based on f-divergence measures") or
    follows a naming word ("called …") is the method's, and "of" makes no task ("a method
    of interchange intervention training")."""
    def abstract(introduced: str) -> str:
        return (f"This paper proposes {introduced}. Existing approaches rely on a large "
                "paired dataset to learn the mapping between sketches and photos. ZSQG "
                "lets a pretrained generator draw from a given sketch, and ZSQG "
                "outperforms prior methods on three benchmarks.")
    assert name_of(abstract("the first GAN inversion-based method for zorbic sketch-quill "
                            "generation (ZSQG)")) is None
    assert name_of(abstract("the first work on performing zorbic sketch-quill "
                            "generation (ZSQG)")) is None
    assert name_of(abstract("a method of zorbic sketch-quill generation (ZSQG)")) == "ZSQG"
    assert name_of(abstract("a method for sketches called zorbic sketch-quill generation "
                            "(ZSQG)")) == "ZSQG"
    assert name_of(abstract("a method for zorbic sketch generation based on quill "
                            "measures (ZSQG)")) == "ZSQG"


def test_the_task_of_a_lowercase_long_form_names_the_task():
    """"we propose the task of multimodal conversational query rewrite (McQR) … We collect
    a large-scale dataset named McQueen" (held-out EMNLP 2022, titled McQueen): the task
    spelled out after "the task of" is what the paper studies; its dataset is the name."""
    abstract = ("The task of query rewrite aims to convert an in-context query to its "
                "fully-specified version. Although much progress has been made, less efforts "
                "have been paid to conversations that involve more than one modality. In "
                "this paper, we propose the task of {} (ZcQR), which performs query rewrite "
                "under the visual conversation setting. We collect a large-scale dataset "
                "named ZcQueen based on manual annotation, which contains 15k visual "
                "conversations. We then use the ZcQueen dataset to benchmark a method for "
                "the ZcQR task.")
    assert name_of(abstract.format("zorbic conversational query rewrite")) == "ZcQueen"


def test_an_acronym_defined_as_a_task_names_the_task():
    """"Referring Expression Generation (REG) is the task of generating a description
    …" (held-out NAACL 2024, whose title names nothing) named the paper REG: what the
    definition says is a task or a problem is what the paper studies."""
    abstract = ("Zorbic Expression Generation (ZEG) is the task of generating a description "
                "that identifies a given target in the scene. Different from captioning, ZEG "
                "requires learning fine-grained characteristics of the objects. In this "
                "work, we focus on the aspect-controlled ZEG task. To solve it, we first "
                "modify a vision-language model for aligning regions and expressions. Our "
                "base ZEG model outperforms prior work on two benchmarks.")
    assert name_of(abstract) is None


def test_a_problem_called_by_a_lowercase_name_is_a_term():
    """"A fundamental problem in the standard workflow, called binning, is to discover
    clusters … our approach, called RepBin, outperforms …" (held-out AAAI 2022, titled
    RepBin) was named "binning": a naming word after a problem (where it arises between)
    names the problem, and the authors' approach is named later."""
    abstract = ("Metagenomics studies the genomic material of communities. A fundamental "
                "problem in the standard workflow, called zorbing, is to discover clusters "
                "of subsequences. We solve the zorbing problem by developing new algorithms "
                "for graph representation learning. Experiments demonstrate that our "
                "approach, called RepZorb, outperforms competing methods.")
    assert name_of(abstract) == "RepZorb"
    # (the same naming word after the authors' own kind still names it)
    made = ("Metagenomics studies the genomic material of communities. We present a "
            "clustering method, called zorbing, that discovers clusters of subsequences. "
            "Experiments demonstrate that zorbing outperforms competing methods.")
    assert name_of(made) == "zorbing"
    # (a notion with its complement is still the authors' own: "We also propose a weaker
    # notion of equivalence called quasi-equivalence", ICML 2020, a name by hand)
    notion = ("We introduce a new notion of equivalence for causal graphs, whether cyclic or "
              "acyclic. We also propose a weaker notion of zorbness called quasi-zorbness, "
              "which we show is the extent of identifiability from observational data.")
    assert name_of(notion) == "quasi-zorbness"


def test_a_notion_called_by_a_lowercase_name_is_a_term():
    """"we introduce a new concept, called scale-diversity: … To address this, we present
    MultiSeg, a scale-diverse interactive image segmentation network" (held-out ICCV 2019,
    titled MultiSeg): a notion a naming word calls by a lowercase word is a term; and a
    name others introduced ("a loss function called alpha-loss, which was first introduced
    in information theory", ICML 2022) is no cue of the authors'."""
    abstract = ("Interactive segmentation produces one segmentation per input. We introduce a "
                "new concept, called zorb-diversity: a set of segmentations at different "
                "scales. To address this, we present ZorbSeg, a scale-diverse interactive "
                "image segmentation network. ZorbSeg outperforms prior work on two datasets.")
    assert "zorb-diversity" not in cued_names(abstract)
    assert name_of(abstract) == "ZorbSeg"
    prior = ("We study proper losses. Notably, we show that a nontrivial extension of a loss "
             "function called zorb-loss, which was first introduced in information theory, "
             "is twist-proper.")
    assert "zorb-loss" not in cued_names(prior)
    assert "zorb-loss" in cued_names(prior.replace(" which was first introduced in "
                                                   "information theory,", ""))


def test_adjectives_listed_with_commas_are_part_of_the_kind():
    """"This paper presents an efficient, intuitive, and unsupervised online adaptation
    method, AuxAdapt, for improving …" (held-out WACV 2022, titled AuxAdapt): the kind's
    adjectives may be listed with commas; a kind and what follows it are no such list
    ("the … (MoCoVI) algorithm, and its sampled-based variant MoCoDyna")."""
    abstract = ("In video segmentation, temporally consistent results matter. Existing methods "
                "rely on optical flow. This paper presents an efficient, intuitive, and "
                "unsupervised online adaptation method, ZorbAdapt, for improving the temporal "
                "consistency of most neural network models.")
    assert introduced(abstract, "ZorbAdapt")
    kinds = ("Based on MoCo, we introduce the Model Correcting Value Iteration (ZoCoVI) "
             "algorithm, and its sampled-based variant ZoCoDyna.")
    assert "ZoCoDyna" not in cued_names(kinds)


def test_a_full_stop_that_lost_its_space_ends_a_sentence():
    """"… particularly those spoken in Africa.For search, … in those languages.Motivated by
    this, we created AfriCLIRMatrix, a test collection …" (held-out EMNLP 2022): the list's
    text lost the spaces after its full stops, and the whole abstract read as one sentence
    whose first cue named another thing."""
    assert T._sentences("It works.We show it.") == [(0, 9), (9, 20)]
    assert len(T._sentences("It uses e.g.ZorbNet and more.")) == 1
    abstract = ("Language diversity in NLP is critical.However, there are limited resources "
                "for many languages, particularly those spoken in Africa.For search, most "
                "datasets feature few African languages.Motivated by this, we created "
                "ZorbMatrix, a test collection for cross-lingual retrieval in 15 African "
                "languages.We also provide baselines such as BM25 and show that ZorbMatrix "
                "is challenging.")
    assert name_of(abstract) == "ZorbMatrix"


def test_a_known_name_a_new_kind_is_made_of_is_not_its_name():
    """"To answer them, we propose a novel LSTM model with spatial attention" (held-out
    CVPR 2016, titled Visual7W) named the paper LSTM: a name the development lists use
    widely, as what a new thing is made of, is prior work; a made-up one is still named."""
    abstract = ("Visual question answering has been proposed to evaluate a model's capacity "
                "for deep image understanding. We establish a semantic link between textual "
                "descriptions and image regions by object-level grounding, and collect seven "
                "types of questions. To answer them, we propose a novel {} model with spatial "
                "attention to tackle the questions.")
    assert name_of(abstract.format("LSTM")) != "LSTM"
    assert name_of(abstract.format("ZorbSTM")) == "ZorbSTM"


def test_a_long_form_among_examples_after_a_cue_is_not_its_name():
    """"Then, we demonstrate the relations of our formulation with former works like
    Adaptive Instance Normalization (AdaIN) … Finally, we derive a closed-form solution
    named Optimal Style Transfer (OST)" (held-out ICCV 2019) was named AdaIN: a long form
    after "like", "such as" or "including" is an example, not what the cue ("our
    formulation") introduces."""
    abstract = ("Universal style transfer minimizes losses in feature space. In this paper, "
                "we first propose a novel interpretation by treating it as the optimal "
                "transport problem. Then, we demonstrate the relations of our formulation "
                "with former works like Adaptive Zorbance Normalization (AdaZN). Finally, we "
                "derive a closed-form solution named Optimal Style Transfer (OST) under our "
                "formulation.")
    assert refused(abstract, "AdaZN")


def test_what_the_authors_compare_with_is_not_theirs():
    """"Our methods achieve comparable results with the Carlini-Wagner (CW) attack"
    (held-out CVPR 2019) and "… outperforms the performance of the teacher network,
    ResNet152" (held-out ICCV 2019) named papers after others' work: after "our
    methods" and a verb of comparison the long form is another's, and "the teacher
    network," is no cue, where "the resulting network," or "the first algorithm," is."""
    compared = ("Deep networks are vulnerable to adversarial perturbations. We present a new "
                "family of trust region based adversarial attacks. Our methods achieve "
                "comparable results with the Zorbini-Wagner (ZW) attack, but with a speed up "
                "of up to 37x.")
    assert refused(compared, "ZW") and name_of(compared) is None
    teacher = ("We propose a novel feature distillation method. In ImageNet, our proposed "
               "method achieves 21.65% of top-1 error with ZorbNet50, which outperforms "
               "the teacher network, ZorbNet152. Our method is evaluated on various tasks.")
    assert "ZorbNet152" not in cued_names(teacher)
    assert "ZorbNet152" in cued_names(teacher.replace("the teacher network,",
                                                      "the resulting network,"))


def test_what_the_authors_construct_and_name_is_cued():
    """"We construct \\textbf{Taskography}, the first large-scale robotic task planning
    benchmark over 3DSGs. … we propose \\textbf{Scrub}, a … sparsification method"
    (held-out CoRL 2021, titled Taskography) and "… and construct ParaZh-22M, a larger
    Chinese parabank" (held-out COLING 2022): a name right after "construct" and set off
    before what it is is introduced, as after "propose"; "we construct the LLVisionQA
    dataset" (a part of a benchmark) is not."""
    abstract = ("3D scene graphs are an emerging description. We construct Zorbography, the "
                "first large-scale robotic task planning benchmark over 3D scene graphs. We "
                "observe that existing planners are not capable of real-time planning. "
                "Towards that goal, we propose Scrubzor, a task-conditioned sparsification "
                "method.")
    assert introduced(abstract, "Zorbography")
    assert "ZorbQA" not in cued_names("To evaluate it, we construct the ZorbQA dataset, "
                                      "consisting of 2,990 images.")


def test_the_proposed_name_before_its_kind_is_cued():
    """"We present a box-free bottom-up approach … The proposed PersonLab model tackles
    both semantic-level reasoning and …" (held-out ECCV 2018, titled PersonLab): a made-up
    name between "the proposed" and its kind is the authors' own."""
    abstract = ("We present a box-free bottom-up approach for the tasks of pose estimation and "
                "instance segmentation of people in multi-person images. The proposed "
                "ZorbLab model tackles both semantic-level reasoning and object-part "
                "associations using part-based modeling. Our model employs a convolutional "
                "network which learns to detect individual keypoints.")
    assert introduced(abstract, "ZorbLab")


def test_the_proposed_long_form_and_its_name_are_the_authors():
    """"we effectively integrate the context and affinity information via the proposed
    novel Context and Affinity Transformer (CATrans)" (held-out IJCAI 2022): no cue verb
    introduces it, but "the proposed" makes it the authors' own."""
    abstract = ("Few-shot segmentation (FSS) aims to segment novel categories given scarce "
                "annotated support images. Previous Transformer-based methods explore global "
                "consensus on context similarity. In this work, we effectively integrate the "
                "context and affinity information via the proposed novel Context and Zorbity "
                "Transformer (CZTrans) in a hierarchical architecture. We conduct experiments "
                "to demonstrate the effectiveness of the proposed model.")
    assert introduced(abstract, "CZTrans")


def test_first_in_an_earlier_clause_makes_no_component():
    """"we first introduce the binary segmentation masks to construct synthetic RGB-Mask
    pairs as inputs, then we design a mask-guided contrastive attention model (MGCAM)"
    (held-out CVPR 2018): the "first" of the clause before "then" does not make the
    model one part of something; the title's cut ", then" is no title either."""
    def cue(sentence: str) -> T._Candidate:
        text = "Person re-identification is a challenging task. " + sentence
        return next(c for c in T._cue_candidates(text, T._sentences(text), render(text),
                                                 T._definitions(text))
                    if c.name == "ZGCAM" and c.strength == 3)
    assert not cue("In this paper, we first introduce masks to construct pairs as inputs, "
                   "then we design a zorb-guided contrastive attention model (ZGCAM) to "
                   "learn features.").component
    assert cue("In this paper, we first design a zorb-guided contrastive attention model "
               "(ZGCAM) to learn features.").component


def test_a_proper_adjective_is_no_name():
    """"We propose to align the events in the time intervals along Bezier curves … the
    Bezier curve is estimated …" (held-out WACV 2020) named the paper Bezier: a plain
    capitalised word that only ever qualifies the noun after it is the person or platform
    a thing is named after. One that stands alone somewhere is a name."""
    abstract = ("Event cameras capture intensity changes with very little delay. Stacking "
                "events yields blurry event images due to the camera motion. We propose to "
                "align the events in the time intervals along Zorbier curves to minimize "
                "the misalignment. Since the camera motion is unknown, the Zorbier curve is "
                "estimated to maximize the variance of the warped event pixels.")
    assert name_of(abstract) != "Zorbier"
    alone = abstract + " Zorbier outperforms prior trackers on two datasets."
    assert name_of(alone) == "Zorbier"


def test_an_acronym_that_only_qualifies_a_noun_is_no_name():
    # (held-out ICCV 2019: "we introduce a novel binary RGB-D descriptor … appearance and
    # geometric information from RGB-D images … annotated RGB-D images", titled GEOBIT: a
    # modality, as "POI changes" names a field's thing)
    head = ("Few descriptors handle non-rigid deformations. In this paper, we introduce a "
            "novel binary RGB-Z descriptor invariant to isometric deformations. It combines "
            "appearance and geometric information from RGB-Z images to tackle non-rigid "
            "transformations. We also provide a new dataset of annotated RGB-Z images.")
    assert name_of(head) is None
    # an acronym followed by a verb or an adverb is a subject: a name
    assert name_of("Event extraction needs context. We represent each event as a subgraph. "
                   "Furthermore, our framework ZCDEE maintains the ability to extract "
                   "multiple events in one document.") == "ZCDEE"
    assert name_of("Bands are redundant. We propose a region-wise multiple graph fusion-based "
                   "spectral clustering, referred to as ZMGF briefly. ZMGF selects bands "
                   "well.") == "ZMGF"

def test_a_parenthesis_after_a_set_off_kind_is_no_name():
    """"our method is able to improve over the initial supervised system, getting close
    to a fully-supervised system that has access to the same labeled examples in in-domain
    experiments (QuAC)" (held-out COLING 2020) named the paper after its dataset: "the
    initial supervised system," sets off a name after it, not one closing a phrase."""
    abstract = ("Conversational systems can improve after deployment. In this paper we "
                "propose feedback-weighted learning based on importance sampling to improve "
                "upon an initial supervised system using binary user feedback. We perform "
                "experiments on question answering datasets. The results show that our "
                "method is able to improve over the initial supervised system, getting close "
                "to a fully-supervised system that has access to the same labeled examples in "
                "in-domain experiments (ZuAC), and even matching in out-of-domain experiments.")
    assert refused(abstract, "ZuAC")


def test_an_acronym_of_a_problem_names_the_problem():
    """"The proposed algorithm solves an Imitation from Observation problem (IfO) to
    ground …" (held-out IJCAI 2022) named the paper IfO: a long form whose head is
    "problem" or "task" names what the method solves ("… transformers for this task
    (GTT)" still names a method)."""
    abstract = ("We propose a new transfer learning algorithm between tasks with different "
                "dynamics. The proposed algorithm solves a Zorbation from Observation problem "
                "(ZfO) to ground the source environment to the target task before learning an "
                "optimal policy. The learned policy is deployed in the target task without "
                "additional training.")
    assert name_of(abstract) is None
    method = abstract.replace("The proposed algorithm solves a Zorbation from Observation "
                              "problem (ZfO)", "For this, we introduce zorbic transformers "
                              "for this task (ZTT)") + " ZTT outperforms prior work."
    assert name_of(method) == "ZTT"


def test_being_the_first_is_a_claim_of_the_authors():
    """"To our knowledge, MOTO is the first and only method to solve this environment
    from pixels." (held-out CoRL 2023, titled MOTO): a name said once, at the end, with
    nothing introducing it, is the authors' when it claims to be first; in the abstract's
    opening sentence such a claim is prior work's ("Certified\\_Watermarks is the first to
    provide a watermark certificate …. However, …", ICML 2023)."""
    abstract = ("We study offline pre-training and online fine-tuning for reinforcement "
                "learning from images in realistic robot tasks. Existing model-based "
                "methods are not suitable for offline-to-online fine-tuning due to "
                "distribution shifts. We propose an on-policy model-based method that "
                "reuses prior data through model-based value expansion. We find that our "
                "approach solves tasks from the MetaWorld benchmark. To our knowledge, "
                "ZOTO is the first and only method to solve this environment from pixels.")
    assert name_of(abstract) == "ZOTO"
    opening = ("ZOTO is the first method to solve this environment from pixels. However, "
               "it fails on long tasks. We propose an on-policy model-based method that "
               "reuses prior data through model-based value expansion.")
    assert name_of(opening) != "ZOTO"


def test_a_name_in_quotes_after_the_kind_is_cued():
    """"We name this Pre-trained Prompt Tuning framework “PPT”" (held-out ACL 2022) and
    "we present our on-going effort in collecting a large-scale dataset, “CompCars”, that
    covers …" (held-out CVPR 2015): the quotes around the name kept the cue's kind from
    reaching it, so the name was one said with no cue."""
    abstract = ("Prompts for pre-trained language models (PLMs) have shown remarkable "
                "performance by bridging the gap between pre-training tasks and downstream "
                "tasks. Among these methods, prompt tuning, which freezes PLMs and only tunes "
                "soft prompts, provides an efficient solution for adapting large-scale PLMs. "
                "In our pilot experiments, we find that prompt tuning is much worse under "
                "few-shot learning settings. Therefore, in this work, we propose to "
                "pre-train prompts by adding soft prompts into the pre-training stage. We "
                "name this Pre-trained Zorb Tuning framework {}. To ensure the "
                "generalization of PZT, we formulate similar classification tasks into a "
                "unified task form. Extensive experiments show that tuning pre-trained "
                "prompts can reach full-model fine-tuning.")
    for quoted in ("“PZT”", '"PZT"', "PZT"):
        assert "PZT" in cued_names(abstract.format(quoted)), quoted
        assert name_of(abstract.format(quoted)) == "PZT", quoted
    # (a quote that does not close right after the name sets nothing off)
    assert "PZT" not in cued_names(abstract.format("“PZT tuning”"))
    assert "CompCars" in cued_names("In this paper we present our effort in collecting a "
                              "large-scale dataset, “CompCars”, that covers car views.")


def test_a_name_ending_the_sentence_after_what_the_kind_is_of():
    """"we present the first publicly available dataset of news revision histories,
    NewsEdits." (held-out NAACL 2022): the name set off after what the kind is of, ending
    the sentence, is the kind's; a list that goes on after it names no one thing."""
    sentence = "To facilitate analysis, we present the first dataset of news revision histories, "
    assert "NewsZorbs" in cued_names(sentence + "NewsZorbs. Our dataset is large-scale.")
    assert "NewsZorbs" not in cued_names(sentence + "NewsZorbs and WikiZorbs, and more.")
    abstract = ("News article revision histories provide clues to narrative evolution in news "
                "articles. To facilitate analysis of this evolution, we present the first "
                "publicly available dataset of news revision histories, NewsZorbs. Our "
                "dataset is large-scale and multilingual; it contains 1.2 million articles. "
                "We show that these tasks are challenging for large NLP models.")
    assert name_of(abstract) == "NewsZorbs"


def test_a_capital_after_a_colon_opens_a_clause():
    """"The measure relies on two observations regarding foreground motion of human
    actors: They typically exhibit motion that contrasts …" (held-out CVPR 2015) was
    named "They": a capitalised word after a colon was read as one inside a sentence, a
    proper noun or a plain-word name, where it opens a clause as after a full stop."""
    abstract = ("Human actions typically occur over a well localized extent in space and "
                "time. To enable this operation, we define a novel measure of spacetime "
                "saliency. The measure relies on two observations regarding foreground "
                "motion of human actors: {} typically exhibit motion that contrasts with "
                "that of their surrounding region. By using the resulting definition of "
                "saliency we show state-of-the-art results on three datasets.")
    assert name_of(abstract.format("They")) is None
    assert name_of(abstract.format("Zorblets")) is None


def test_a_measure_said_only_after_a_number_is_no_name():
    """"The proposed network achieves the best performance 97.47% mean IoU on Cata7"
    (held-out IJCAI 2020, titled BARNet) was named IoU: a measure said only after a
    number (a percentage, "mean") is a unit of the results, as "30 FPS" is."""
    abstract = ("Surgical instrument segmentation is crucial for computer-assisted surgery. "
                "In this paper, we propose a bilinear attention network with adaptive "
                "receptive fields to address these two issues. To adapt to the scale "
                "variation, our adaptive receptive field module aggregates multi-scale "
                "features. The proposed network achieves the best performance 97.47% mean "
                "{0} on Cata7. It also takes the first place on EndoVis 2017, exceeding the "
                "second place by 10.10% mean {0}.")
    assert name_of(abstract.format("ZoU")) is None
    assert name_of(abstract.format("ZORB")) is None


def test_the_kind_after_where_a_method_is_tried_is_no_cue():
    """"our model significantly outperforms the best state-of-the-art methods … on the
    dataset DBP15K." (held-out IJCAI 2020, titled BERT-INT) was named DBP15K: "the
    dataset" after "on" says where the method is tried, not what the authors introduce
    ("the framework, X" or "the method X" with nothing before still is a cue)."""
    abstract = ("Knowledge graph alignment aims to link equivalent entities across different "
                "knowledge graphs. This work presents an interaction model to only leverage "
                "the side information. Instead of aggregating neighbors, we compute the "
                "interactions between neighbors. Experimental results show that our model "
                "significantly outperforms the best state-of-the-art methods by 1.9-9.7% in "
                "terms of HitRatio@1 on the dataset ZBP15K.")
    assert name_of(abstract) is None
    assert [m.group() for m in T._cues_in("results on the dataset ZBP15K.")] == []
    assert [m.group() for m in T._cues_in("Then the dataset ZBP15K is built.")] \
        == ["the dataset "]


def test_a_naming_verb_reaches_its_name_past_a_hyphenated_object():
    """"We call this one-stage detector SPCDet." (held-out ACML 2019) named nothing: the
    object's hyphen counts two words, and "call" fell out of the four words a naming
    word is looked for in. "call this KIND NAME" names across its object."""
    abstract = ("Feature pyramids are widely used in object detection. In this paper, we "
                "fuse different layers from the backbone as base features. Then the base "
                "features are fed into a module to build a local-global feature pyramid. "
                "We call this one-stage detector SPCDet. It keeps real time speed and "
                "outperforms other detectors.")
    assert name_of(abstract) == "SPCDet"
    # (not so a "call" that takes no object: "we call for faster one-stage detectors")
    assert name_of(abstract.replace("We call this one-stage detector SPCDet",
                                    "We call for faster one-stage detectors like SPCDet")
                   ) is None


def test_a_dash_sets_an_appositive_off_as_a_comma_does():
    """"we introduce a novel data curation method that generates GlobalWoZ — a large-scale
    multilingual ToD dataset" (held-out ACL 2022) named nothing: "NAME, a … dataset" was
    an appositive, "NAME — a … dataset" was not. An en dash inside a compound is no such
    dash: "AutoGluon–TimeSeries—an open-source AutoML library" is never "TimeSeries"."""
    abstract = ("Over the last few years, there has been a move towards data curation for "
                "multilingual task-oriented dialogue (ToD) systems that can serve people "
                "speaking different languages. However, existing multilingual ToD datasets "
                "either have a limited coverage of languages due to the high cost of data "
                "curation, or ignore the fact that dialogue entities barely exist in "
                "countries speaking these languages. To tackle these limitations, we "
                "introduce a novel data curation method that generates GlobalWoZ{}a "
                "large-scale multilingual ToD dataset globalized from an English ToD "
                "dataset for three unexplored use cases of multilingual ToD systems. Our "
                "method is based on translating dialogue templates and filling them with "
                "local entities in the target-language countries.")
    for dash in (" — ", "—", " – ", ", "):
        assert name_of(abstract.format(dash)) == "GlobalWoZ", dash
    compound = ("We introduce AutoGluon–TimeSeries—an open-source AutoML library for "
                "probabilistic time series forecasting. It fits an ensemble of models.")
    assert "TimeSeries" not in cued_names(compound)


def test_a_dataset_the_method_is_evaluated_on_is_no_name_of_its():
    """"The method has been evaluated on three popular video anomaly datasets, i.e.,
    UCF-Crime, CCTV-Fights, and UBI-Fights" (held-out WACV 2023) named its paper UCF-Crime:
    "the method" read as a cue and "has been evaluated on … datasets, i.e., X" as the kind
    it names. After the authors' kind an auxiliary opens its predicate, as a past verb
    does ("Our method achieved …"): what follows is where it is tried."""
    abstract = ("Unsupervised approaches for video anomaly detection may not perform as "
                "well as supervised ones. In this paper, we use isolation tree-based "
                "clustering to partition the deep feature space of video segments. The "
                "scores are then fused using a majority voting scheme. The method {} on "
                "three popular video anomaly datasets, i.e., UCF-Crime, CCTV-Fights, and "
                "UBI-Fights. Experimental results reveal competitive accuracy.")
    for predicate in ("has been evaluated", "is evaluated", "was evaluated", "evaluated"):
        assert name_of(abstract.format(predicate)) is None, predicate


def test_a_name_for_a_family_of_others_methods_is_no_name():
    """"existing NeRF+SR methods increase training overhead … we build a simple NeRF+SR
    pipeline" (held-out WACV 2024, titled FastSR-NeRF) was named NeRF+SR: a name as the
    kind of others' methods ("existing X methods") is a family the paper works in."""
    abstract = ("Super-resolution (SR) techniques upscale the outputs of neural radiance "
                "fields (NeRF). However, {} NeRF+SR methods increase training overhead by "
                "using extra input features. In this paper, we aim to leverage SR for "
                "efficiency gains. Specifically, we build a simple NeRF+SR pipeline that "
                "directly combines modules, and we propose a lightweight augmentation "
                "technique. Our pipeline can be trained up to 23x faster.")
    assert name_of(abstract.format("existing")) is None
    assert name_of(abstract.format("costly")) == "NeRF+SR"


def test_a_templates_placeholder_is_no_name():
    """"We experimentally evaluated the proposed approach on XXX." (held-out WACV 2024) was
    named XXX: a placeholder its authors left, no name."""
    abstract = ("In this paper, we study text-to-3D content generation leveraging 2D "
                "diffusion priors. To enable rendering at higher resolutions, we propose a "
                "novel approach that combines multiple noise estimation processes with a "
                "pretrained diffusion prior. We experimentally evaluated the proposed "
                "approach on {}. The results show high-quality details.")
    assert name_of(abstract.format("XXX")) is None
    assert name_of(abstract.format("XXXX")) is None


def test_a_part_named_once_at_the_end_is_no_base_of_the_name():
    """"we propose a novel graph Transformer with local and global operators interleaving
    (LGI-GT) … the proposed LGI scheme" (held-out IJCAI 2023) was named LGI: a base both
    likely names was taken over its extension. Said alone once, after the name, LGI is a
    part; the base is taken when it comes first ("we propose BigNAS … BigNASModels")."""
    abstract = ("Since Transformers can alleviate some critical and fundamental problems "
                "of graph neural networks (GNNs), such as over-smoothing, over-squashing and "
                "limited expressiveness, they have been successfully applied to graph "
                "representation learning. However, few works address the problem of how to "
                "construct high-performing GTs with modules of GNNs and Transformers. In "
                "this paper, we propose a novel graph Transformer with local and global "
                "operators interleaving (LGI-GT), in which we further design a new method "
                "propagating embeddings of the [CLS] token for global information "
                "representation. Additionally, we propose an effective message passing "
                "module called edge enhanced local attention (EELA), which makes LGI-GT a "
                "full-attention GT. Extensive experiments demonstrate that LGI-GT performs "
                "consistently better than previous state-of-the-art GNNs and GTs, while "
                "ablation studies show the effectiveness of the proposed LGI scheme and "
                "EELA. The source code of LGI-GT is available at "
                "https://github.com/someone/LGI-GT.")
    assert name_of(abstract) == "LGI-GT"


def test_a_later_part_built_into_the_name_leaves_it_the_name():
    """"We present a novel … Face Super-Resolution Network (FSRNet) … we also propose the
    Face Super-Resolution Generative Adversarial Network (FSRGAN) to incorporate the
    adversarial loss into FSRNet" (held-out CVPR 2018) named nothing: said where a later
    name is introduced, FSRNet read as that one's part or basis. A later part ("also",
    "specifically") is added to the name, which stays the paper's."""
    abstract = ("Face Super-Resolution (SR) is a domain-specific superresolution problem. The "
                "facial prior knowledge can be leveraged to better super-resolve face images. "
                "We present a novel deep end-to-end trainable Face Super-Resolution Network "
                "(FSRNet), which makes use of the geometry prior, i.e., facial landmark "
                "heatmaps and parsing maps, to superresolve very low-resolution (LR) face "
                "images without wellaligned requirement. Specifically, we first construct a "
                "coarse SR network to recover a coarse high-resolution (HR) image. Then, the "
                "coarse HR image is sent to two branches: a fine SR encoder and a prior "
                "information estimation network, which extracts the image features, and "
                "estimates landmark heatmaps/parsing maps respectively. Both image features and"
                " prior information are sent to a fine SR decoder to recover the HR image. To "
                "generate realistic faces, we also propose the Face Super-Resolution Generative"
                " Adversarial Network (FSRGAN) to incorporate the adversarial loss into FSRNet."
                " Further, we introduce two related tasks, face alignment and parsing, as the "
                "new evaluation metrics for face SR, which address the inconsistency of classic"
                " metrics w.r.t. visual perception. Extensive experiments show that FSRNet and "
                "FSRGAN significantly outperforms state of the arts.")
    assert name_of(abstract) == "FSRNet"


def test_what_the_authors_refer_to_by_a_name_is_introduced():
    """"We refer to our model trained with LMCL as CosFace" (held-out CVPR 2018), "we refer
    to these models as gated neural ODEs (gnODEs)" (a development list): the authors name
    their own thing at the end of the clause, as "called" does."""
    abstract = ("Face recognition has made extraordinary progress. In this paper, we "
                "reformulate the softmax loss as a cosine loss by normalizing both features "
                "and weight vectors. We refer to our model trained with this loss as "
                "Zorbface. Extensive experiments on popular benchmarks show its strength.")
    assert "Zorbface" in cued_names(abstract)
    assert "Zorbface" not in cued_names(abstract.replace("We refer to our model trained "
                                                         "with this loss as", "It beats"))


def test_what_others_recently_proposed_is_prior_work():
    """"we then prove that the recently proposed robust self-training (RST) estimator
    improves robust error" (a development list, its title naming nothing) was named RST:
    "the proposed X" is the authors', "the recently proposed X" others'."""
    abstract = ("Adversarial training augments the training set with perturbations to improve "
                "the robust error (over worst-case perturbations), but it often leads to an "
                "increase in the standard error (on unperturbed test inputs). Previous "
                "explanations for this tradeoff rely on the assumption that no predictor in the"
                " hypothesis class has low standard and robust error. In this work, we "
                "precisely characterize the effect of augmentation on the standard error in "
                "linear regression when the optimal linear predictor has zero standard and "
                "robust error. In particular, we show that the standard error could increase "
                "even when the augmented perturbations have noiseless observations from the "
                "optimal linear predictor. We then prove that the {} robust self-training (RST)"
                " estimator improves robust error without sacrificing standard error for "
                "noiseless linear regression. Empirically, for neural networks, we find that "
                "RST with different adversarial training methods improves both standard and "
                "robust error for random and adversarial rotations and adversarial l_infty "
                "perturbations in CIFAR-10.")
    assert name_of(abstract.format("recently proposed")) is None
    assert name_of(abstract.format("recently-proposed")) is None


def test_the_stem_of_a_family_of_words_is_no_piece_of_one():
    """"we propose a benchmark –COLD for Chinese offensive language analysis, including a
    … Dataset –COLDATASET and a baseline detector –COLDETECTOR" (held-out EMNLP 2022, titled
    COLD) was named COLDETECTOR: COLD read as a piece inside a longer word ("SDF" of
    "SDFflow"). Two longer words going on differently from it make it their family's
    stem, as hyphenated variants do."""
    abstract = ("Offensive language detection is crucial for maintaining civilized social "
                "media platforms. However, this task in Chinese is still under exploration "
                "due to the scarcity of reliable datasets. To this end, we propose a "
                "benchmark –COLD for Chinese offensive language analysis, including a "
                "Chinese Offensive Language Dataset –COLDATASET and a baseline detector "
                "–COLDETECTOR which is trained on the dataset. We show that the COLD "
                "benchmark contributes to offensive language detection. We then deploy the "
                "COLDETECTOR and analyse popular Chinese pre-trained language models.")
    assert name_of(abstract) == "COLD"


def test_the_name_set_against_a_popular_kind_is_the_authors():
    """"In contrast to the popular depth-from-single-image networks, DeMoN learns the
    concept of matching" (held-out ICCV 2017) named nothing: a name right after "the
    popular … networks," read as that prior kind's appositive ("a popular method,
    RankCentrality"). After "in contrast to …," the name is what is set against it."""
    abstract = ("In this paper we formulate structure from motion as a learning problem. We "
                "train a convolutional network end-to-end to compute depth and camera motion "
                "from successive image pairs. The network estimates depth, motion, surface "
                "normals and optical flow. A crucial component is a training loss based on "
                "spatial relative differences. {} the popular depth-from-single-image "
                "networks, DeMoN learns the concept of matching and generalizes better.")
    assert name_of(abstract.format("In contrast to")) == "DeMoN"
    assert name_of(abstract.format("Unlike")) == "DeMoN"
    assert name_of(abstract.format("We improve on")) != "DeMoN"


def test_an_acronym_after_a_dash_spells_out_the_words_before_it():
    """"we make two key contributions giving the name to our approach as Confidence-Energy
    Recurrent Network -- CERN" (held-out CVPR 2017) was named EL, a part: ", or CERN"
    spelled the capitalised words before it out, "-- CERN" did not."""
    abstract = ("This work is about recognizing human activities in videos at distinct "
                "semantic levels. The recognition is realized using a two-level hierarchy of "
                "Long Short-Term Memory (LSTM) networks. In comparison with existing "
                "architectures, we make two key contributions giving the name to our "
                "approach as Confidence-Energy Recurrent Network -- CERN. First, instead of "
                "the common softmax layer, we specify a novel energy layer (EL) for "
                "estimating the energy of our predictions. Second, we specify that the EL "
                "additionally computes the p-values of the solutions.")
    assert ("CERN", "Confidence-Energy Recurrent Network") in T.defined_pairs(render(abstract).text)
    assert name_of(abstract) == "CERN"


def test_what_this_paper_proposes_in_the_passive_is_introduced():
    """"In this work, the multiway multimodal transformer (MMT) is proposed to …"
    (held-out IJCAI 2022) named nothing: a passive introduced a name only as "a KIND,
    NAME is proposed". The paper's own thing, its name in parentheses, is introduced
    too (QAN, MIID and DA-YOLO so, each its title's initials)."""
    abstract = ("Multimodal learning exploits fusion representations among modalities. "
                "However, existing cross-modality attention only exploits the interactions "
                "from one source to one target. In this work, the multiway multimodal "
                "transformer (MMT) is proposed to explore multiway intercorrelations for each "
                "modality via a single block. The core idea of MMT is the multiway "
                "multimodal attention. Experiments show that MMT achieves the best results.")
    assert "MMT" in cued_names(abstract)
    assert name_of(abstract) == "MMT"
    assert "MMT" not in cued_names(abstract.replace("In this work, the", "Earlier, the"))


def test_an_only_compound_is_an_adjective():
    """"We propose a 2D-only method that maps multiple context views and a query pose to
    a new image" (held-out ECCV 2022) was named 2D-only: "X-only", as "X-based" and
    "X-free", qualifies a kind and names nothing."""
    abstract = ("Novel view synthesis is a long-standing problem. The current state of the "
                "art is based on Neural Radiance Field (NeRF), and the methods suffer from "
                "long training times. We propose a 2D-only method that maps multiple context "
                "views and a query pose to a new image in a single pass of a neural network. "
                "Our model uses a two-stage architecture consisting of a codebook and a "
                "transformer model.")
    assert name_of(abstract) is None


def test_the_datasets_a_method_is_evaluated_on_are_no_name():
    """"We validate the effectiveness of the proposed framework on the GRID, TCD-TIMIT
    volunteer, and LRW datasets." (held-out ECCV 2022) was named TCD-TIMIT: said only in
    the phrase of what the method is evaluated on, before the plural "datasets"."""
    abstract = ("The goal of this work is to reconstruct speech from a silent talking face "
                "video. To this end, we introduce speech-visage selection that separates the "
                "speech content and the speaker identity from the visual features. The "
                "proposed framework synthesizes the right content even for an unseen "
                "subject. We validate the effectiveness of the proposed framework on the "
                "GRID, TCD-TIMIT volunteer, and LRW datasets.")
    assert name_of(abstract) is None
    # The kind in the singular too: "In addition, we evaluate on a new "YCB-in-the-Wild"
    # dataset" (held-out ECCV 2022, titled Neural-Sim) named the paper YCB-in-the-Wild.
    single = ("Synthetic data is slow to tune. We present the first fully differentiable "
              "data generation pipeline that uses radiance fields in a closed loop with a "
              "target task. In addition, we evaluate on a new \"ZCB-in-the-Wild\" dataset "
              "that provides a test scenario for object detection.")
    assert name_of(single) is None
    # ... though not past a clause of the authors' own: "Apart from evaluating the
    # theoretical results on synthetic noise, we also publish NoisyNER, a new noisy label
    # dataset" (held-out AAAI 2021) introduces it.
    published = ("Label noise is common. We study noise models for realistic noisy labels. "
                 "Apart from evaluating the theoretical results on commonly used synthetic "
                 "noise, we also publish ZorbNER, a new noisy label dataset from the NLP "
                 "domain.")
    assert name_of(published) == "ZorbNER"


def test_what_is_introduced_in_addition_is_a_part():
    """"we proposed a refined neural architecture search strategy … In addition, we
    introduced a refined hybrid module (RHM) for inner-level search space" (held-out WACV
    2023, titled RNAS-MER) was named RHM: "in addition", as "also" and "moreover", adds a
    part to what the paper proposed."""
    abstract = ("Existing NAS methods use ample search spaces to search task-driven networks. "
                "These models are expensive for micro-expression recognition (MER) with "
                "limited training samples. Therefore, we proposed a refined neural "
                "architecture search strategy to search a tiny architecture for MER. "
                "{}we introduced a refined hybrid module (RHM) for the inner-level search "
                "space. The RHM focuses on discovering optimal cell structures.")

    def component(opening: str) -> bool:
        text = render(abstract.format(opening)).text
        candidates = T._cue_candidates(text, T._sentences(text), render(text),
                                       T._definitions(text))
        return any(c.component for c in candidates if c.name == "RHM")

    assert component("In addition, ")
    assert component("Moreover, ")
    assert not component("Then ")


def test_a_long_form_saying_what_the_kind_is_for_leaves_it_to_the_naming_word():
    """"We present a new dataset for Visual Question Answering (VQA) on document images
    called DocVQA." (held-out WACV 2021) named nothing: the cue took VQA, spelled out
    right after "a new dataset for", as its name, and DocVQA lost the first cue. A long
    form after "KIND for" says what the kind is for when a naming word later in the
    clause names the kind itself."""
    abstract = ("We present a new dataset for Visual Question Answering (VQA) on document "
                "images {} DocVQA. The dataset consists of 50,000 questions defined on "
                "12,000+ document images. We report several baseline results by adopting "
                "existing VQA and reading comprehension models. The models need to improve "
                "on questions where understanding the structure of the document is crucial.")
    assert name_of(abstract.format("called")) == "DocVQA"
    assert name_of(abstract.format("named")) == "DocVQA"


def test_a_capital_inside_a_word_of_the_long_form_spells_the_made_up_name():
    """"a novel GAN formulation, termed Feature eXchange GAN (FX-GAN)" (held-out WACV
    2020) went unnamed: with its short words left out, "eXchange" was the long form's one
    word, and it opens in lowercase, so the long form read as a field's ("inverse
    reinforcement learning (IRL)"). A capital inside a word marks the acronym's letter."""
    abstract = ("We propose a self-supervised way to train the discriminator of a "
                "generative adversarial network on the structure of images. Natural images "
                "show valid structure and texture together, which generators fail to "
                "reproduce. We degrade the structure of real images by shuffling blocks of "
                "their feature maps. With this setup, we propose a new GAN formulation, "
                "termed Block sHuffle GAN (BH-GAN), in which the discriminator also tells "
                "real images from shuffled ones. Compared with strong baselines, the "
                "self-supervision improves image quality and training stability.")
    assert name_of(abstract) == "BH-GAN"
    assert names._lowercase_form("Block sHuffle GAN") is False
    assert names._lowercase_form("inverse reinforcement learning") is True


def test_the_new_thing_the_authors_take_a_problem_on_with_is_introduced():
    """"we address this dilemma with a novel Bilateral Segmentation Network (BiSeNet)"
    (held-out ECCV 2018) introduced no name: no cue verb, and the parts described after
    it ("We first design …") made the name background. Taking a problem on with a new
    thing introduces it; with a thing not said to be new, it does not."""
    new = ("Depth completion needs both fine detail and a wide context. However, fast "
           "methods usually give up resolution for speed. In this paper, we tackle this "
           "trade-off with a novel Twin Branch Completion Network (TBCNet). We first "
           "design a detail branch with a small stride, and a context branch follows. "
           "On KITTI and NYUv2, TBCNet runs in real time.")
    assert introduced(new, "TBCNet")
    used = new.replace("with a novel Twin Branch Completion Network (TBCNet)",
                       "with the Twin Branch Completion Network (TBCNet) of earlier work")
    assert "TBCNet" not in cued_names(used)


def test_what_an_effort_is_for_is_no_name_the_cue_gives():
    """"This paper presents our pioneering effort for emotion recognition in conversation
    (ERC)" (held-out AAAI 2021) made ERC, the task, the first name a cue gave, and the
    model the paper names later ("an all-in-one XLNet model, namely DialogXL") lost to it.
    What an effort or a first step is for is a task; a method defined there is one."""
    abstract = ("This paper presents our first attempt at speaker diarization in meetings "
                "(SDM) with pre-trained speech models. Meetings mix overlapping speakers and "
                "long silences, which such models were never trained on. We propose a "
                "streaming conformer model, namely MeetFormer, with a memory of earlier "
                "speakers. On four SDM benchmarks MeetFormer outperforms the baselines.")
    assert "SDM" not in cued_names(abstract)
    assert name_of(abstract) == "MeetFormer"
    method = abstract.replace("our first attempt at", "a new method for")
    assert "SDM" in cued_names(method)


def test_an_acronym_before_the_noun_it_qualifies_names_that_thing():
    """"we introduce a framework for training generalized locomotion (GenLoco) controllers"
    (held-out CoRL 2022) was taken for the task the framework is for, as "a method for the
    emergence of individuality (EOI)" is: its long form is lowercase and follows "framework
    for". Set before "controllers", the acronym names the controllers; before
    "benchmarks", the task they measure."""
    abstract = ("Legged robots are now cheap enough for many labs, and each needs its own "
                "controller. In this work, we introduce a framework for training shared "
                "terrain walking (ShaTeW) controllers for hexapod robots. One controller "
                "then runs on many robots of similar build. We show that training on many "
                "simulated robots gives controllers that transfer to real ones.")
    assert name_of(abstract) == "ShaTeW"
    task = abstract.replace("(ShaTeW) controllers for hexapod robots",
                            "(ShaTeW) benchmarks for hexapod robots")
    assert name_of(task) != "ShaTeW"


def test_two_coordinated_contributions_spelled_out_name_neither():
    """"we propose spatial rotation transformation (SRT) and temporal mixing
    transformation (TMT) to generate irregular patch cuboids" (held-out WACV 2022, titled
    FastAno) named the paper SRT: the work is both, and neither alone names it. A clause
    after the "and" introduces one thing, which names the paper."""
    abstract = ("Video anomaly detection is costly. To address these shortcomings, we propose "
                "spatial zorb transformation (SZT) and temporal blip transformation (TBT) to "
                "generate irregular patch cuboids within normal frames. SZT and TBT are used "
                "only during training, so our model detects abnormal frames fast.")
    assert name_of(abstract) is None
    one = ("We investigate the problem of Chinese Grammatical Zorb Correction (CGZC) and "
           "present a new framework named Tail-to-Zorb (TtZ) sequence prediction to address "
           "the issues hidden in CGZC. Experiments show that it outperforms prior work on two "
           "benchmarks.")
    assert name_of(one) == "Tail-to-Zorb"
